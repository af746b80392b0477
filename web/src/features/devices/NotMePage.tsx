import { Alert, Button, Stack } from '@mantine/core';
import { devicesEndpoints } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { call } from '../../api/endpoint';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { resetHandOverState } from '../../lib/resetHandOver';

/**
 * The page of the new-sign-in e-mail's "this wasn't me" link (contracts/src/devices.ts NOT_ME_PAGE,
 * issue 32 point 6): one button signs that sign-in's browser out; then a new password, at the
 * forgot-password page's last step with the token the answer hands over (or at its first step
 * when the address does not sign in). Nothing happens on load: a mail scanner that opens the link
 * signs nobody out.
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  usePageTitle('not_me_title');
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const report = useMutation({ mutationFn: () => call(devicesEndpoints.notMe, { token }) });
  const reset = report.data?.reset;

  return (
    <AuthCard title={t('not_me_title')} intro={report.isSuccess ? undefined : t('not_me_intro')}>
      {report.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('not_me_done')}
          </Alert>
          <Button
            size="md"
            onClick={() => navigate(to('/forgot-password'), reset ? { state: resetHandOverState(reset) } : undefined)}
          >
            {t('not_me_change_password')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <FormAlert message={report.isError ? errorText(report.error, t) : token ? null : t('not_me_link_invalid')} />
          <Button size="md" color="red.8" loading={report.isPending} disabled={!token} onClick={() => report.mutate()}>
            {t('not_me_button')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
