import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';

/** The way back to the orders from the checkout and the payment's outcome. */
export function BackToOrders() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Group justify="center">
      <Button component={Link} to={to('/order')} variant="subtle" leftSection={<Icon name="back" />}>
        {t('checkout_back')}
      </Button>
    </Group>
  );
}
