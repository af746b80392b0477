import { Paper, Stack, Text } from '@mantine/core';
import type { Device } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { useAuth } from '../../session/OidcSession';
import { DEVICES_QUERY_KEY, logoutAllDevices, logoutDevice } from './api';
import { DeviceSummary, nameOf } from './DeviceCard';

/**
 * Logging devices out, each after a confirmation: one device (the lists refresh; this browser's
 * own device signs it out), or all of them (then this browser signs out too). `busy` is the id of
 * the device being logged out, 'all', or null.
 */
export function useDeviceLogout({ onLoggedOut }: { onLoggedOut: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const signOutHere = async () => {
    if (auth) await auth.signOut(locale);
  };

  const one = useMutation({
    mutationFn: (device: Device) => logoutDevice(device.id),
    onSuccess: async (_answer, device) => {
      notifyDone(t('device_logout_done', { name: nameOf(device, tr) }));
      if (device.isCurrentDevice) return signOutHere();
      onLoggedOut();
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (err) => notifyFailed(err, tr),
  });

  const all = useMutation({
    mutationFn: logoutAllDevices,
    onSuccess: signOutHere,
    onError: (err) => notifyFailed(err, tr),
  });

  const confirmLogout = (device: Device) =>
    openConfirm({
      title: t('device_logout_title'),
      centered: true,
      // Named as the person knows it: browser, place and last activity, not the system alone (issue 34 point 8).
      children: (
        <Stack gap="md">
          <Paper withBorder radius="md" p="sm">
            <DeviceSummary device={device} locale={locale} />
          </Paper>
          <Text fz="sm">{t('device_logout_confirm', { name: nameOf(device, tr) })}</Text>
        </Stack>
      ),
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => one.mutate(device),
    });

  const confirmLogoutAll = () =>
    openConfirm({
      title: t('logout_all_devices'),
      centered: true,
      children: <Text fz="sm">{t('confirm_logout')}</Text>,
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => all.mutate(),
    });

  // Logging all out keeps the button busy until the sign-out has left the page.
  const busy = all.isPending || all.isSuccess ? 'all' : one.isPending ? (one.variables?.id ?? null) : null;
  return { busy, confirmLogout, confirmLogoutAll };
}
