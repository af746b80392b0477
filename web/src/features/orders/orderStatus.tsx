import { Badge } from '@mantine/core';
import { type MessageKey, ORDER_STATUS, type OrderStatus, PAID_STATUSES } from '@portico/contracts';
import { useTranslation } from 'react-i18next';

// How the orders pages speak of a status (spec account §4: PaidAuto is shown as Paid).

const STATUS_LABEL: Record<OrderStatus, MessageKey> = {
  [ORDER_STATUS.wait]: 'order_status_wait',
  [ORDER_STATUS.failure]: 'order_status_failure',
  [ORDER_STATUS.paid]: 'order_status_paid',
  [ORDER_STATUS.paidAuto]: 'order_status_paid',
};

const STATUS_COLOR: Record<OrderStatus, string> = {
  [ORDER_STATUS.wait]: 'orange',
  [ORDER_STATUS.failure]: 'red',
  [ORDER_STATUS.paid]: 'teal',
  [ORDER_STATUS.paidAuto]: 'teal',
};

/** The list's filter: its label and the statuses it asks for (Paid includes PaidAuto). */
export const STATUS_FILTERS: { value: string; label: MessageKey; statuses: readonly OrderStatus[] | null }[] = [
  { value: 'all', label: 'order_status_all', statuses: null },
  { value: 'wait', label: 'order_status_wait', statuses: [ORDER_STATUS.wait] },
  { value: 'paid', label: 'order_status_paid', statuses: PAID_STATUSES },
  { value: 'failure', label: 'order_status_failure', statuses: [ORDER_STATUS.failure] },
];

/** A status as a badge whose words wrap rather than be cut on a phone ("Awaiting payment"). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      h="auto"
      py={3}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 } }}
    >
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}
