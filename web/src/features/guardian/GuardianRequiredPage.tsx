import { Button, Stack, Text } from '@mantine/core';
import { GUARDIAN_PAGE } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

/** Only this server's own authorization endpoint is a way back (never another site). */
export const providerReturn = (value: string | null, origin: string): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && url.pathname.startsWith('/oidc/') ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * Where a relying party's sign-in of a child waiting for its guardian lands (issue 32 point 4;
 * GUARDIAN_REQUIRED_PAGE): why it stopped, the way to ask the guardian (the portal's /guardian),
 * and back to the app, which then hears `interaction_required`.
 */
export default function GuardianRequiredPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [query] = useSearchParams();
  usePageTitle('guardian_required_title');
  const back = providerReturn(query.get('continue'), window.location.origin);
  return (
    <AuthCard title={t('guardian_required_title')}>
      <Stack gap="md">
        <Text>{t('guardian_required_text')}</Text>
        <Button component={Link} to={to(GUARDIAN_PAGE)} size="md">
          {t('guardian_required_ask')}
        </Button>
        {back && (
          <Button component="a" href={back} variant="default" size="md">
            {t('guardian_required_back')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
