import { Group, Stack, Table, Text } from '@mantine/core';
import type { PointRow } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useViewMore, ViewMoreList } from '../../components/ViewMoreList';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatNumber, formatSignedNumber } from '../../lib/format';
import { getPointBalance, getPointPage, POINTS_QUERY_KEY } from './api';

/**
 * Point history (spec account §2 Points, §3 Point history row, §9): the balance, then a table of
 * time, block, action with the object's title, and the points (+ in green, − in red), newest
 * first, 10 a page with view more while rows remain; a failed load shows its error.
 */
export function PointsPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  usePageTitle('menu_point');
  const balance = useQuery({ queryKey: [...POINTS_QUERY_KEY, 'balance'], queryFn: getPointBalance, retry: false });
  const history = useViewMore([...POINTS_QUERY_KEY, 'history', locale], (page) => getPointPage(page));

  return (
    <AccountPage title={t('menu_point')} intro={t('point_intro')} width={860}>
      <AccountCard>
        <Group gap="sm" wrap="nowrap">
          <Icon name="point" size={28} />
          <Stack gap={0}>
            <Text fz="sm" c="dimmed">
              {t('point_balance')}
            </Text>
            <QueryState query={balance}>
              {(value) => (
                <Text fz={26} fw={700} data-testid="point-balance">
                  {t('point_balance_value', { value: formatNumber(value) })}
                </Text>
              )}
            </QueryState>
          </Stack>
        </Group>
      </AccountCard>
      <AccountCard>
        <ViewMoreList list={history} empty={t('point_empty')} moreLabel={t('point_view_more')}>
          {(rows) => <PointTable rows={rows} />}
        </ViewMoreList>
      </AccountCard>
    </AccountPage>
  );
}

function PointTable({ rows }: { rows: PointRow[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('menu_point')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('point_col_time')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('point_col_block')}</Table.Th>
          <Table.Th>{t('point_col_action')}</Table.Th>
          <Table.Th ta="right">{t('point_col_point')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={row.createdDate}>{formatDateTime(row.createdDate, locale)}</time>
            </Table.Td>
            <Table.Td fz="sm" visibleFrom="sm">
              {row.blockName ?? row.blockId ?? t('point_general')}
            </Table.Td>
            <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={500} fz="sm">
                {row.actionName}
              </Text>
              {row.objectTitle && <Text fz="sm">{row.objectTitle}</Text>}
            </Table.Td>
            <Table.Td ta="right" fw={700} c={row.point > 0 ? 'teal.9' : 'red.8'} style={{ whiteSpace: 'nowrap' }}>
              {formatSignedNumber(row.point)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default PointsPage;
