import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { PageLoader } from '../../components/FullPageLoader';
import { useLocale } from '../../hooks/useLocale';

// The token-login views the login page shows too (TokenLoginFinish.tsx): kept apart from
// TokenLoginPage.tsx, whose sign-in start brings oidc-client-ts, so the login page's first
// load does not (bench/README.md).

/** Signing in with the token: a loader and what is happening. */
export function TokenLoginWorking() {
  const { t } = useTranslation();
  return <PageLoader message={t('token_login_signing_in')} />;
}

/** The link cannot sign anyone in: why, and the way home. */
export function TokenLoginFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <AuthCard title={t('token_login_failed_title')}>
      <Alert color="orange" variant="light" role="alert">
        {message}
      </Alert>
      <Button component={Link} to={to('/')} size="md" variant="default">
        {t('common_go_home')}
      </Button>
    </AuthCard>
  );
}
