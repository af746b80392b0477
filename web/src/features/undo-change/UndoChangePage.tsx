import { Alert, Anchor } from '@mantine/core';
import { undoChangeEndpoints } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/endpoint';
import { LinkActionCard } from '../../components/LinkActionCard';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

/**
 * The page of a security e-mail's undo link (contracts/src/undo-change.ts, issue 24 point 5): one
 * button reverts the change the e-mail named and signs every device out; then the way to a new
 * password.
 */
export default function UndoChangePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  usePageTitle('undo_title');
  return (
    <LinkActionCard
      title={t('undo_title')}
      intro={t('undo_intro')}
      button={t('undo_button')}
      invalid={t('undo_link_invalid')}
      run={(token) => call(undoChangeEndpoints.undo, { token })}
      done={() => (
        <>
          <Alert color="green" role="status">
            {t('undo_done')}
          </Alert>
          <Anchor component={Link} to={to('/forgot-password')} fw={600}>
            {t('undo_change_password')}
          </Anchor>
        </>
      )}
    />
  );
}
