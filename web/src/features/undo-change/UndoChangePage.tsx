import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { undoChangeEndpoints } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { call } from '../../api/endpoint';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

/**
 * The page of a security e-mail's undo link (contracts/src/undo-change.ts, issue 24 point 5): one
 * button reverts the change the e-mail named and signs every device out; then the way to a new
 * password. Nothing happens on load: a mail scanner that opens the link undoes nothing.
 */
export default function UndoChangePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  usePageTitle('undo_title');
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const undo = useMutation({ mutationFn: () => call(undoChangeEndpoints.undo, { token }) });

  return (
    <AuthCard title={t('undo_title')} intro={undo.isSuccess ? undefined : t('undo_intro')}>
      {undo.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('undo_done')}
          </Alert>
          <Anchor component={Link} to={to('/forgot-password')} fw={600}>
            {t('undo_change_password')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <FormAlert message={undo.isError ? errorText(undo.error, t) : token ? null : t('undo_link_invalid')} />
          <Button
            size="md"
            color="red.8"
            h="auto"
            py="xs"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.4 } }}
            loading={undo.isPending}
            disabled={!token}
            onClick={() => undo.mutate()}
          >
            {t('undo_button')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
