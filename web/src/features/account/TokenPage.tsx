import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/CopyValueButton';
import { PageHeader } from '../../components/PageHeader';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../../session/OidcSession';

/** /account/token: the current access token with a copy button (for developers and support). */
export function TokenPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const user = useAuth()?.user ?? null;
  usePageTitle('token_title');
  const token = user?.access_token ?? '';
  const expires = user?.expires_at ? new Date(user.expires_at * 1000) : null;

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <PageHeader title={t('token_title')} intro={t('token_intro')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={600} id="access-token-label">
              {t('token_label')}
            </Text>
            <CopyValueButton value={token} size="compact-md" disabled={!token} />
          </Group>
          <Code
            block
            aria-labelledby="access-token-label"
            data-testid="access-token"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 13, maxHeight: 320, overflow: 'auto' }}
          >
            {token || t('token_none')}
          </Code>
          {expires && (
            <Text fz="sm" c="dimmed">
              {t('token_expires', {
                // The account pages' one date style (devices, activity): HH:mm DD/MM/YYYY in Vietnamese.
                time: formatDateTime(expires, locale),
              })}
            </Text>
          )}
          <Text fz="sm" c="var(--mantine-color-orange-light-color)">
            {t('token_warning')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default TokenPage;
