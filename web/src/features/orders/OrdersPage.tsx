import { Anchor, Box, Button, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDong, isPayable, type OrderSummary } from '@portico/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { useViewMore, ViewMoreList } from '../../components/ViewMoreList';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime } from '../../lib/format';
import { getOrderPage, ORDERS_QUERY_KEY } from './api';
import { OrderDetailModal } from './OrderDetailModal';
import { OrderStatusBadge, STATUS_FILTERS } from './orderStatus';
import { useOpenCheckout } from './useOpenCheckout';

/**
 * Orders (spec account §2 Orders, §3 Order, §4 Order status, §9): a status filter (Paid includes
 * PaidAuto), the table newest first with view more 10 at a time, a detail modal with the lines,
 * and Pay for an order in Wait.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  usePageTitle('menu_order');
  const [filter, setFilter] = useState('all');
  const [open, setOpen] = useState<number | null>(null);
  const statuses = STATUS_FILTERS.find((f) => f.value === filter)?.statuses ?? null;
  const orders = useViewMore([...ORDERS_QUERY_KEY, 'list', filter], (page) => getOrderPage(page, statuses));

  return (
    <AccountPage title={t('menu_order')} intro={t('order_intro')} width={960}>
      <AccountCard>
        <Stack gap="lg">
          <SegmentedControl
            aria-label={t('order_filter_label')}
            value={filter}
            onChange={setFilter}
            data={STATUS_FILTERS.map((f) => ({ value: f.value, label: t(f.label) }))}
            fullWidth
            style={{ maxWidth: 560 }}
          />
          <ViewMoreList
            list={orders}
            empty={t(filter === 'all' ? 'order_empty' : 'order_empty_filtered')}
            moreLabel={t('order_view_more')}
          >
            {(rows) => <OrderTable rows={rows} locale={locale} onOpen={setOpen} />}
          </ViewMoreList>
        </Stack>
      </AccountCard>
      <OrderDetailModal orderId={open} onClose={() => setOpen(null)} />
    </AccountPage>
  );
}

function OrderTable({
  rows,
  locale,
  onOpen,
}: {
  rows: OrderSummary[];
  locale: ReturnType<typeof useLocale>['locale'];
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  // On a phone the status sits under the amount, leaving the items room.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('menu_order')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('order_col_id')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('order_col_date')}</Table.Th>
          <Table.Th>{t('order_col_title')}</Table.Th>
          <Table.Th ta="right">{t('order_col_amount')}</Table.Th>
          {!narrow && <Table.Th>{t('order_col_status')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((order) => (
          <Table.Tr key={order.id}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                fw={600}
                onClick={() => onOpen(order.id)}
                aria-label={t('order_view_label', { id: order.id })}
              >
                #{order.id}
              </Anchor>
            </Table.Td>
            <Table.Td fz="sm" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={order.createdDate}>{formatDateTime(order.createdDate, locale)}</time>
            </Table.Td>
            <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text fz="sm" fw={500}>
                {order.title}
              </Text>
              {order.lineCount > 1 && (
                <Text fz="xs" c="dimmed">
                  {t('order_more_lines', { count: order.lineCount - 1 })}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatDong(order.amount)}
              {narrow && (
                <Box mt={6}>
                  <OrderStatus order={order} />
                </Box>
              )}
            </Table.Td>
            {!narrow && (
              <Table.Td>
                <OrderStatus order={order} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The status, and Pay while the order waits for payment. */
function OrderStatus({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const openCheckout = useOpenCheckout();
  return (
    <>
      <OrderStatusBadge status={order.status} />
      {isPayable(order.status) && (
        <Button
          size="compact-xs"
          variant="subtle"
          display="block"
          mt={4}
          ml="auto"
          onClick={() => openCheckout(order.id)}
        >
          {t('order_pay')}
        </Button>
      )}
    </>
  );
}

export default OrdersPage;
