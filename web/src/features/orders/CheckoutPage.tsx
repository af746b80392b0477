import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDong, isPayable, PAYMENT_GATEWAY_NAMES, type PaymentGateway } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryError, QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAppSettings } from '../../settings';
import { getOrder, ORDERS_QUERY_KEY, startPayment } from './api';
import { BackToOrders } from './BackToOrders';

/**
 * Portico's own checkout (issue 30 point 1: the payment site Pay opens unless PAYMENT_CHECKOUT_URL
 * names another): the order's amount, then one button per configured gateway; the server keeps the
 * attempt and answers the gateway's address, where the browser goes.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  usePageTitle('order_pay');
  const id = Number(useParams().id);
  const { settings } = useAppSettings();
  const order = useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', id],
    queryFn: () => getOrder(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
  const pay = useMutation({
    mutationFn: (gateway: PaymentGateway) => startPayment(id, gateway),
    // The gateway's page: leaving the app, so the button stays busy until the browser is gone.
    onSuccess: ({ location }) => window.location.assign(location),
  });
  const gateways = settings.configs.paymentGateways;

  return (
    <AccountPage title={t('checkout_title', { id })} intro={t('checkout_intro')} width={640}>
      <AccountCard>
        <QueryState query={order}>
          {(data) => (
            <Stack gap="lg">
              <Group justify="space-between" align="baseline">
                <Text c="dimmed">{t('checkout_total')}</Text>
                <Text fz={28} fw={700} data-testid="checkout-amount">
                  {formatDong(data.amount)}
                </Text>
              </Group>
              {!isPayable(data.status) ? (
                <Alert color="orange" variant="light" icon={<Icon name="info" />}>
                  {t('order_not_payable')}
                </Alert>
              ) : gateways.length === 0 ? (
                <Alert color="orange" variant="light" icon={<Icon name="info" />}>
                  {t('checkout_none')}
                </Alert>
              ) : (
                <Stack gap="sm">
                  {gateways.map((gateway) => (
                    <Button
                      key={gateway}
                      size="md"
                      variant="default"
                      justify="space-between"
                      rightSection={<Icon name="external" />}
                      // Once one started, every button waits: the browser is on its way to that gateway.
                      loading={(pay.isPending || pay.isSuccess) && pay.variables === gateway}
                      disabled={(pay.isPending || pay.isSuccess) && pay.variables !== gateway}
                      onClick={() => pay.mutate(gateway)}
                    >
                      {t('checkout_pay_with', { gateway: PAYMENT_GATEWAY_NAMES[gateway] })}
                    </Button>
                  ))}
                </Stack>
              )}
              {pay.isError && <QueryError error={pay.error} />}
            </Stack>
          )}
        </QueryState>
      </AccountCard>
      <BackToOrders />
    </AccountPage>
  );
}

export default CheckoutPage;
