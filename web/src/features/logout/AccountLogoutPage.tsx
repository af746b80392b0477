import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAuth } from '../../session/OidcSession';
import { logoutAllSessions } from './api';

/** /account/logout: sign out of this device, or of every device; each asks confirm_logout. */
export function AccountLogoutPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const auth = useAuth();
  const [busy, setBusy] = useState<'this' | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle('menu_logout');

  const signOut = async (scope: 'this' | 'all') => {
    setBusy(scope);
    setError(null);
    try {
      if (scope === 'all') await logoutAllSessions();
      if (auth) await auth.signOut(locale);
    } catch (err) {
      setError(errorText(err, t));
      setBusy(null);
    }
  };

  const confirm = (scope: 'this' | 'all') =>
    modals.openConfirmModal({
      title: t(scope === 'all' ? 'logout_all_devices' : 'logout_this_device'),
      centered: true,
      children: <Text fz="sm">{t('confirm_logout')}</Text>,
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: scope === 'all' ? 'red' : 'brand' },
      onConfirm: () => void signOut(scope),
    });

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('menu_logout')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('logout_intro')}
        </Text>
      </div>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600}>{t('logout_this_device')}</Text>
            <Text fz="sm" c="dimmed">
              {t('logout_this_device_hint')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<Icon name="logout" size={18} />}
            loading={busy === 'this'}
            disabled={busy !== null}
            onClick={() => confirm('this')}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('logout_this_device')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600}>{t('logout_all_devices')}</Text>
            <Text fz="sm" c="dimmed">
              {t('logout_all_devices_hint')}
            </Text>
          </Stack>
          <Button
            color="red"
            variant="light"
            leftSection={
              <ThemeIcon size={18} variant="transparent" color="red">
                <Icon name="device" size={18} />
              </ThemeIcon>
            }
            loading={busy === 'all'}
            disabled={busy !== null}
            onClick={() => confirm('all')}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('logout_all_devices')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default AccountLogoutPage;
