import { Anchor, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { type AdminUserRow, adminEndpoints } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { formatDay } from '../../lib/format';
import { ADMIN_QUERY_KEY, searchUsers } from './api';
import { ToneBadge } from './ToneBadge';

/** The state an account is in, as a badge. */
export function AccountStateBadge({ user }: { user: Pick<AdminUserRow, 'suspended' | 'deleted'> }) {
  const { t } = useTranslation();
  if (user.deleted) return <ToneBadge tone="neutral">{t('admin_state_deleted')}</ToneBadge>;
  if (user.suspended) return <ToneBadge tone="negative">{t('admin_state_suspended')}</ToneBadge>;
  return <ToneBadge tone="positive">{t('admin_state_active')}</ToneBadge>;
}

/** Search accounts by e-mail, phone, name or id; each row opens the account. */
export function UsersTab() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const results = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'users', q],
    queryFn: () => searchUsers(q),
    enabled: q !== '',
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adminEndpoints.users.input.safeParse({ q: typed });
    if (!parsed.success) return setError(t('admin_search_empty'));
    setError(null);
    setQ(parsed.data.q);
  };

  return (
    <Stack gap="lg">
      <search>
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('admin_search_label')}
              placeholder={t('admin_search_placeholder')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={results.isFetching}>
              {t('admin_search_button')}
            </Button>
          </Group>
        </form>
      </search>
      {q && (
        <QueryState query={results} empty={t('admin_search_none')}>
          {(rows) => (
            <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('admin_nav_users')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin_col_name')}</Table.Th>
                  <Table.Th>{t('admin_col_email')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('admin_col_phone')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('admin_col_created')}</Table.Th>
                  <Table.Th>{t('admin_col_state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={to(`/admin/users/${encodeURIComponent(row.id)}`)} fw={600}>
                        {row.name || row.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.email ?? '—'}
                    </Table.Td>
                    <Table.Td fz="sm" visibleFrom="sm">
                      {row.phone ?? '—'}
                    </Table.Td>
                    <Table.Td fz="sm" visibleFrom="sm">
                      {formatDay(row.createdAt, locale)}
                    </Table.Td>
                    <Table.Td>
                      <AccountStateBadge user={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
