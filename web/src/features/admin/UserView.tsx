import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminAccountAction, AdminUser, MessageKey } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { SafeHtml } from '../../components/SafeHtml';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { ADMIN_QUERY_KEY, actOnUser, getUser } from './api';
import { confirmAction } from './confirmAction';
import { ToneBadge } from './ToneBadge';
import { AccountStateBadge } from './UsersTab';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Title order={2} fz="md" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/** A section's rows, or "none" when there are none. */
function ListOrNone<T>({ rows, render }: { rows: T[]; render: (row: T) => ReactNode }) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('admin_none')}
      </Text>
    );
  return (
    <List spacing={6} fz="sm" listStyleType="none">
      {rows.map(render)}
    </List>
  );
}

/** The actions the account's state allows, in the order they are offered. */
const actionsFor = (user: AdminUser): AdminAccountAction[] =>
  user.deleted
    ? []
    : [
        user.suspended ? 'unsuspend' : 'suspend',
        'end-sessions',
        ...(user.twoFactor ? (['reset-two-factor'] as const) : []),
        ...(user.locked ? (['clear-lockout'] as const) : []),
        ...(user.contacts.some((c) => !c.verified) ? (['resend-verification'] as const) : []),
      ];

/** The actions that take nothing away: offered in blue, the others in red. */
const GENTLE = new Set<AdminAccountAction>(['unsuspend', 'clear-lockout', 'resend-verification']);

/** One account as the console sees it, with what an operator holding accounts:write may do to it. */
export function UserView({ userId, canAct }: { userId: string; canAct: boolean }) {
  const { t, i18n } = useTranslation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = [...ADMIN_QUERY_KEY, 'user', userId];
  const user = useQuery({ queryKey: key, queryFn: () => getUser(userId) });
  const act = useMutation({
    mutationFn: (action: AdminAccountAction) => actOnUser(userId, action),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'users'] });
      notifyDone(t('admin_done'));
    },
    onError: (error) => notifyFailed(error, t),
  });
  const confirm = (action: AdminAccountAction, name: string) =>
    confirmAction({
      title: t(`admin_action_${action}` as MessageKey),
      text: t(`admin_confirm_${action}` as MessageKey, { name }),
      confirm: t('admin_confirm'),
      cancel: t('admin_cancel'),
      gentle: GENTLE.has(action),
      onConfirm: () => act.mutate(action),
    });
  const yesNo = (on: boolean) => (on ? t('admin_on') : t('admin_off'));
  // The provider's amr values in words (RFC 8176); one without words is shown as it is.
  const methodName = (amr: string) => (i18n.exists(`admin_amr_${amr}`) ? t(`admin_amr_${amr}` as MessageKey) : amr);

  return (
    <Stack gap="md">
      <Group>
        <BackButton onClick={() => navigate(to('/admin'))} />
        <Text fz="sm" c="dimmed">
          {t('admin_user_back')}
        </Text>
      </Group>
      <QueryState query={user}>
        {(u) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={2} fz="xl">
                  {u.name || u.email || u.id}
                </Title>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {u.id}
                </Text>
                <Group gap="xs">
                  <AccountStateBadge user={u} />
                  {u.locked && <ToneBadge tone="warning">{t('admin_user_locked')}</ToneBadge>}
                  <Text fz="xs" c="dimmed">
                    {t('admin_col_created')}: {formatDateTime(u.createdAt, locale)}
                  </Text>
                </Group>
              </Stack>
              {canAct && (
                <Group gap="xs">
                  {actionsFor(u).map((action) => (
                    <Button
                      key={action}
                      variant={action === 'unsuspend' ? 'filled' : 'light'}
                      color={GENTLE.has(action) ? 'blue' : 'red'}
                      loading={act.isPending && act.variables === action}
                      onClick={() => confirm(action, u.name || u.email || u.id)}
                    >
                      {t(`admin_action_${action}` as MessageKey)}
                    </Button>
                  ))}
                </Group>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Section title={t('admin_user_contacts')}>
                <ListOrNone
                  rows={u.contacts}
                  render={(c) => (
                    <List.Item key={`${c.type}:${c.value}`}>
                      <Group gap={6} wrap="wrap">
                        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {c.value}
                        </Text>
                        <ToneBadge size="sm" tone={c.verified ? 'positive' : 'neutral'}>
                          {t(c.verified ? 'admin_verified' : 'admin_unverified')}
                        </ToneBadge>
                        {c.primary && (
                          <Badge size="sm" variant="outline" color="blue.8">
                            {t('admin_primary')}
                          </Badge>
                        )}
                      </Group>
                    </List.Item>
                  )}
                />
              </Section>
              <Section title={t('admin_user_security')}>
                <Table fz="sm" verticalSpacing={4}>
                  <Table.Tbody>
                    {(
                      [
                        ['admin_user_two_factor', yesNo(u.twoFactor)],
                        ['admin_user_password', u.hasPassword ? t('admin_yes') : t('admin_no')],
                        [
                          'admin_user_kyc',
                          t(u.kycStatus === null ? 'admin_kyc_none' : (`admin_kyc_${u.kycStatus}` as MessageKey)),
                        ],
                        ['admin_user_providers', u.providers.length ? u.providers.join(', ') : t('admin_none')],
                      ] as const
                    ).map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Th fw={500} c="dimmed" w="50%">
                          {t(label)}
                        </Table.Th>
                        <Table.Td>{value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Section>
              <Section title={t('admin_user_devices')}>
                <ListOrNone
                  rows={u.devices}
                  render={(d) => (
                    <List.Item key={d.id}>
                      <Text fz="sm" fw={500}>
                        {d.name || '—'}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {[
                          d.ip,
                          formatDateTime(d.lastSeen, locale),
                          t(d.signedIn ? 'admin_signed_in' : 'admin_signed_out'),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </List.Item>
                  )}
                />
              </Section>
              <Section title={t('admin_user_sessions')}>
                <ListOrNone
                  rows={u.sessions}
                  render={(session) => (
                    <List.Item key={`${session.signedInAt}:${session.clients.join()}`}>
                      <Text fz="sm" fw={500}>
                        {formatDateTime(session.signedInAt, locale)}
                      </Text>
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {[
                          `${t('admin_user_session_methods')}: ${session.methods.map(methodName).join(', ') || '—'}`,
                          `${t('admin_user_session_apps')}: ${session.clients.join(', ') || '—'}`,
                          session.expiresAt &&
                            `${t('admin_user_session_expires')}: ${formatDateTime(session.expiresAt, locale)}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </List.Item>
                  )}
                />
              </Section>
              <Section title={t('admin_user_activity')}>
                <ListOrNone
                  rows={u.activity}
                  render={(a) => (
                    <List.Item key={a.id}>
                      <SafeHtml fz="sm" html={a.html} />
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(a.createdAt, locale)}
                      </Text>
                    </List.Item>
                  )}
                />
              </Section>
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
