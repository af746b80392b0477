import { Group, Pagination, Stack, Table } from '@mantine/core';
import { AUDIT_PAGE_SIZE, type AuditEntry, isMessageKey } from '@portico/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import { ADMIN_QUERY_KEY, getAudit } from './api';

/** The audit log, newest first, a page at a time: read only, like the table it comes from. */
export function AuditTab() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', page],
    queryFn: () => getAudit(page),
    placeholderData: keepPreviousData,
  });
  // No operator: the command line, or a product's client through the product API (named in the detail).
  const actorOf = (row: AuditEntry) =>
    row.actorId ? row.actorName : typeof row.detail.client === 'string' ? row.detail.client : t('audit_cli');
  const label = (action: string) => (isMessageKey(`audit_${action}`) ? t(`audit_${action}` as 'audit_cli') : action);

  return (
    <QueryState query={audit} isEmpty={(d) => d.totalRows === 0} empty={t('admin_audit_empty')}>
      {({ rows, totalRows }) => (
        <Stack gap="md">
          <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('admin_nav_audit')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin_col_when')}</Table.Th>
                <Table.Th>{t('admin_col_actor')}</Table.Th>
                <Table.Th>{t('admin_col_action')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('admin_col_target')}</Table.Th>
                <Table.Th visibleFrom="md">{t('admin_col_from')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={row.at}>{formatDateTime(row.at, locale)}</time>
                  </Table.Td>
                  <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {actorOf(row)}
                  </Table.Td>
                  <Table.Td fz="sm">{label(row.action)}</Table.Td>
                  <Table.Td fz="xs" visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.targetId}
                  </Table.Td>
                  <Table.Td fz="xs" visibleFrom="md">
                    {row.ip ?? '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {totalRows > AUDIT_PAGE_SIZE && (
            <Group justify="center">
              <Pagination total={Math.ceil(totalRows / AUDIT_PAGE_SIZE)} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
