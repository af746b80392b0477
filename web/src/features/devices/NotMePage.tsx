import { Alert, Button } from '@mantine/core';
import { devicesEndpoints } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/endpoint';
import { LinkActionCard } from '../../components/LinkActionCard';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { resetHandOverState } from '../../lib/resetHandOver';

/**
 * The page of the new-sign-in e-mail's "this wasn't me" link (contracts/src/devices.ts NOT_ME_PAGE,
 * issue 32 point 6): one button signs that sign-in's browser out; then a new password, at the
 * forgot-password page's last step with the token the answer hands over (or at its first step
 * when the address does not sign in).
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  usePageTitle('not_me_title');
  return (
    <LinkActionCard
      title={t('not_me_title')}
      intro={t('not_me_intro')}
      button={t('not_me_button')}
      invalid={t('not_me_link_invalid')}
      run={(token) => call(devicesEndpoints.notMe, { token })}
      done={({ reset }) => (
        <>
          <Alert color="green" role="status">
            {t('not_me_done')}
          </Alert>
          <Button
            size="md"
            onClick={() => navigate(to('/forgot-password'), reset ? { state: resetHandOverState(reset) } : undefined)}
          >
            {t('not_me_change_password')}
          </Button>
        </>
      )}
    />
  );
}
