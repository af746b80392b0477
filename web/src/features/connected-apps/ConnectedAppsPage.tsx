import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CONNECTED_APP_SCOPES, type ConnectedApp } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { Icon } from '../../components/Icon';
import { AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { formatDateTime } from '../../lib/format';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { CONNECTED_APPS_KEY, listConnectedApps, revokeConnectedApp } from './api';

const KNOWN_SCOPES = new Set<string>(CONNECTED_APP_SCOPES);

/**
 * Connected apps (issue 32 point 2): each product the person let in, what it may do in words,
 * when it last got a token, and Revoke (confirmed), which signs it out at once.
 */
export function ConnectedAppsPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  usePageTitle('menu_apps');
  const apps = useQuery({ queryKey: CONNECTED_APPS_KEY, queryFn: listConnectedApps, retry: false });
  const revoke = useMutation({
    mutationFn: (app: ConnectedApp) => revokeConnectedApp(app.clientId),
    onSuccess: (_answer, app) => notifyDone(t('connected_apps_revoked', { name: app.name })),
    onError: (err) => notifyFailed(err, tr),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONNECTED_APPS_KEY }),
  });
  const confirmRevoke = (app: ConnectedApp) =>
    openConfirm({
      title: t('connected_apps_revoke_title'),
      centered: true,
      children: <Text fz="sm">{t('connected_apps_revoke_confirm', { name: app.name })}</Text>,
      labels: { confirm: t('connected_apps_revoke'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(app),
    });

  return (
    <AccountPage title={t('menu_apps')} intro={t('connected_apps_intro')} width={760}>
      <QueryState query={apps} empty={t('connected_apps_empty')}>
        {(list) => (
          <Stack gap="md" component="ul" p={0} m={0} aria-label={t('menu_apps')}>
            {list.map((app) => (
              <AppCard
                key={app.clientId}
                app={app}
                busy={revoke.isPending && revoke.variables?.clientId === app.clientId}
                onRevoke={() => confirmRevoke(app)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </AccountPage>
  );
}

function AppCard({ app, busy, onRevoke }: { app: ConnectedApp; busy: boolean; onRevoke: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const titleId = `app-${app.clientId}`;
  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden>
            <Icon name="apps" size={20} />
          </ThemeIcon>
          <Stack gap={2} miw={0} flex={1}>
            <Title order={2} fz="lg" id={titleId}>
              {app.name}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('connected_apps_last_used')}:{' '}
              {app.lastUsedTime ? formatDateTime(app.lastUsedTime, locale) : t('connected_apps_never_used')}
              {app.grantedTime ? ` · ${t('connected_apps_granted')} ${formatDateTime(app.grantedTime, locale)}` : ''}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t('connected_apps_may')}
          </Text>
          <List fz="sm" spacing={2}>
            {app.scopes.map((scope) => (
              <List.Item key={scope}>{KNOWN_SCOPES.has(scope) ? tr(`connected_apps_scope_${scope}`) : scope}</List.Item>
            ))}
          </List>
        </Stack>
        <Group justify="flex-end">
          <Button
            variant="default"
            c="red.9"
            size="sm"
            loading={busy}
            onClick={onRevoke}
            aria-label={t('connected_apps_revoke_named', { name: app.name })}
          >
            {t('connected_apps_revoke')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default ConnectedAppsPage;
