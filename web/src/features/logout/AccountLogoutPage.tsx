import { Alert, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { openConfirm } from '../../chrome/openConfirm';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { useLeavingAction } from '../../components/useLeavingAction';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAuth } from '../../session/OidcSession';
import { logoutAllSessions } from './api';

/** /account/logout: sign out of this device, or of every device; each asks confirm_logout. */
export function AccountLogoutPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const auth = useAuth();
  usePageTitle('menu_logout');
  // Busy until the browser leaves for the provider's logout; a failure shows and frees the buttons.
  const signOut = useLeavingAction(async (scope: 'this' | 'all') => {
    if (scope === 'all') await logoutAllSessions();
    if (auth) await auth.signOut(locale);
  });
  const busy = signOut.busy;
  const error = signOut.error && errorText(signOut.error, t);

  const confirm = (scope: 'this' | 'all') =>
    openConfirm({
      title: t(scope === 'all' ? 'logout_all_devices' : 'logout_this_device'),
      centered: true,
      children: <Text fz="sm">{t('confirm_logout')}</Text>,
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: scope === 'all' ? 'red' : 'brand' },
      onConfirm: () => signOut.start(scope),
    });

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <PageHeader title={t('menu_logout')} intro={t('logout_intro')} />
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
