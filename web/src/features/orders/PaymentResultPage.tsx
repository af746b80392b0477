import { Alert, Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatDong, PAYMENT_GATEWAY_NAMES, type PaymentAttempt } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { getPaymentAttempt, ORDERS_QUERY_KEY } from './api';
import { BackToOrders } from './BackToOrders';

/** While the gateway has not confirmed, ask again every 2 s for a minute (its notification is on its way). */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

/**
 * Where a gateway sends the person back (issue 30 point 2): the attempt's outcome as the store has
 * it, never as the return's query says; while the gateway's notification has not come, it says so
 * and looks again.
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  usePageTitle('payment_result_title');
  const reference = useParams().reference ?? '';
  const openedAt = useRef(Date.now());
  const attempt = useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'payment', reference],
    queryFn: () => getPaymentAttempt(reference),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'pending' && Date.now() - openedAt.current < POLL_FOR_MS ? POLL_MS : false,
  });

  return (
    <AccountPage title={t('payment_result_title')} width={640}>
      <AccountCard>
        <QueryState query={attempt}>
          {(data) => <Outcome attempt={data} onCheck={() => attempt.refetch()} />}
        </QueryState>
      </AccountCard>
      <BackToOrders />
    </AccountPage>
  );
}

function Outcome({ attempt, onCheck }: { attempt: PaymentAttempt; onCheck: () => unknown }) {
  const { t } = useTranslation();
  const values = {
    id: attempt.orderId,
    amount: formatDong(attempt.amount),
    gateway: PAYMENT_GATEWAY_NAMES[attempt.gateway],
  };
  if (attempt.state === 'pending')
    return (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader />
        <Text fw={700} fz="lg" ta="center">
          {t('payment_pending')}
        </Text>
        <Text c="dimmed" ta="center">
          {t('payment_pending_text', values)}
        </Text>
        <Button variant="light" onClick={() => void onCheck()}>
          {t('payment_check_again')}
        </Button>
      </Stack>
    );
  const paid = attempt.state === 'paid';
  return (
    <Stack align="center" gap="sm" py="md" data-testid={`payment-${attempt.state}`}>
      <ThemeIcon size={56} radius="xl" color={paid ? 'teal' : 'red'} variant="light">
        <Icon name={paid ? 'check' : 'close'} size={30} />
      </ThemeIcon>
      <Text component="h2" fw={700} fz="lg" ta="center" m={0}>
        {t(paid ? 'payment_paid' : 'payment_failed')}
      </Text>
      <Alert color={paid ? 'teal' : 'red'} variant="light" w="100%">
        {t(paid ? 'payment_paid_text' : 'payment_failed_text', values)}
      </Alert>
    </Stack>
  );
}

export default PaymentResultPage;
