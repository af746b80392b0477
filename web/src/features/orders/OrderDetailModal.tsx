import { Anchor, Button, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDong, isPayable, type Order, PAYMENT_GATEWAY_NAMES } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountModal } from '../../components/AccountModal';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import { getOrder, ORDERS_QUERY_KEY } from './api';
import { OrderStatusBadge } from './orderStatus';
import { useOpenCheckout } from './useOpenCheckout';

/**
 * One order (spec account §3 Order, Order detail): amount, discount, payment method in words,
 * gateway, the lines (title with its link, block, object type, quantity, price, discounted price),
 * and Pay while it waits for payment.
 */
export function OrderDetailModal({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const order = useQuery({
    // The block names come in the reader's language: another language is another answer.
    queryKey: [...ORDERS_QUERY_KEY, 'detail', orderId, locale],
    queryFn: () => getOrder(orderId as number),
    enabled: orderId !== null,
    retry: false,
  });
  return (
    <AccountModal
      opened={orderId !== null}
      onClose={onClose}
      size="lg"
      title={orderId !== null ? t('order_detail_title', { id: orderId }) : ''}
    >
      <QueryState query={order}>{(data) => <OrderDetail order={data} onClose={onClose} />}</QueryState>
    </AccountModal>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function OrderDetail({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const openCheckout = useOpenCheckout();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Fact label={t('order_col_status')}>
          <OrderStatusBadge status={order.status} />
        </Fact>
        <Fact label={t('order_created')}>{formatDateTime(order.createdDate, locale)}</Fact>
        <Fact label={t('order_amount')}>
          <Text span fw={700} fz="md">
            {formatDong(order.amount)}
          </Text>
        </Fact>
        <Fact label={t('order_discount')}>{formatDong(order.discount)}</Fact>
        <Fact label={t('order_payment_method')}>{t(`payment_method_${order.paymentMethod}`)}</Fact>
        <Fact label={t('order_gateway')}>
          {order.paymentGatewayType ? PAYMENT_GATEWAY_NAMES[order.paymentGatewayType] : t('order_gateway_none')}
        </Fact>
      </SimpleGrid>
      <Divider label={t('order_items')} labelPosition="left" />
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label={t('order_items')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('order_col_title')}</Table.Th>
              <Table.Th>{t('order_item_block')}</Table.Th>
              <Table.Th>{t('order_item_type')}</Table.Th>
              <Table.Th ta="right">{t('order_item_quantity')}</Table.Th>
              <Table.Th ta="right">{t('order_item_price')}</Table.Th>
              <Table.Th ta="right">{t('order_item_discount_price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderDetails.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.url ? (
                    <Anchor href={line.url} target="_blank" rel="noopener noreferrer" fz="sm">
                      {line.title}
                    </Anchor>
                  ) : (
                    line.title
                  )}
                </Table.Td>
                <Table.Td fz="sm">{line.blockName ?? line.blockId ?? ''}</Table.Td>
                <Table.Td fz="sm">{line.objectTypeName ?? ''}</Table.Td>
                <Table.Td fz="sm" ta="right">
                  {line.quantity}
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatDong(line.price)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line.discountPrice === null ? '' : formatDong(line.discountPrice)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('order_close')}
        </Button>
        {isPayable(order.status) && <Button onClick={() => openCheckout(order.id)}>{t('order_pay')}</Button>}
      </Group>
    </Stack>
  );
}
