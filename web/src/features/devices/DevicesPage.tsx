import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Device, Locale } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import type { LooseT } from '../../i18n/t';
import { looseT } from '../../i18n/t';
import { useAuth } from '../auth/OidcSession';
import {
  activeDevicesKey,
  DEVICES_QUERY_KEY,
  deviceKey,
  getDevice,
  listDevices,
  listLoggedOutDevices,
  loggedOutDevicesKey,
  logoutAllDevices,
  logoutDevice,
} from './api';
import { formatDateTime, lastAction } from './format';
import { RememberedDevices } from './RememberedDevices';

const typeLabel = (d: Pick<Device, 'deviceType'>, t: LooseT) =>
  t(d.deviceType === 2 ? 'device_type_phone' : 'device_type_desktop');
const nameOf = (d: Device, t: LooseT) => d.deviceName || d.browser || typeLabel(d, t);

/** The last-action text: 'n min ago', the full date, or unknown. */
export const lastActionText = (d: Device, locale: Locale, t: LooseT): string => {
  const action = lastAction(d, locale);
  if (action.kind === 'minutes') return t('device_minutes_ago', { count: action.count });
  if (action.kind === 'date') return action.text;
  return t('device_time_unknown');
};

/**
 * Devices (spec account §2 Devices, §4 Device): the active devices (type, name, region, last
 * action; the current one marked), log out per device (confirmed) which moves it to the
 * logged-out list, the detail modal (also opened by /security/device/{id}), log out all.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale, to } = useLocale();
  const { id } = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const active = useQuery({ queryKey: activeDevicesKey, queryFn: listDevices, retry: false });
  const loggedOut = useQuery({ queryKey: loggedOutDevicesKey, queryFn: listLoggedOutDevices, retry: false });
  const [busy, setBusy] = useState<string | null>(null);
  usePageTitle('menu_device');

  const openDetail = (device: Device) => navigate(to(`/security/device/${encodeURIComponent(device.id)}`));
  const closeDetail = () => navigate(to('/security/device'), { replace: true });

  const signOutHere = async () => {
    if (auth) await auth.signOut(locale);
  };

  const logout = async (device: Device) => {
    setBusy(device.id);
    try {
      await logoutDevice(device.id);
      notifications.show({ color: 'teal', message: t('logout_success') });
      if (device.isCurrentDevice) {
        await signOutHere();
        return;
      }
      if (id) closeDetail();
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err, tr) });
    } finally {
      setBusy(null);
    }
  };

  const confirmLogout = (device: Device) =>
    modals.openConfirmModal({
      title: t('device_logout_title'),
      centered: true,
      children: <Text fz="sm">{t('device_logout_confirm', { name: nameOf(device, tr) })}</Text>,
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void logout(device),
    });

  const logoutAll = async () => {
    setBusy('all');
    try {
      await logoutAllDevices();
      await signOutHere();
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err, tr) });
      setBusy(null);
    }
  };

  const confirmLogoutAll = () =>
    modals.openConfirmModal({
      title: t('logout_all_devices'),
      centered: true,
      children: <Text fz="sm">{t('confirm_logout')}</Text>,
      labels: { confirm: t('logout_confirm_button'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void logoutAll(),
    });

  const loading = (
    <Center py="xl" role="status" aria-label={t('app_loading')}>
      <Loader type="dots" />
    </Center>
  );
  const failure = (error: unknown) => (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {errorText(error, tr)}
    </Alert>
  );

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('menu_device')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('device_intro')}
        </Text>
      </div>

      <Stack gap="sm" component="section" aria-labelledby="devices-active">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="devices-active">
            {t('device_active_heading')}
          </Title>
          <Button
            color="red"
            variant="light"
            leftSection={<Icon name="logout" size={18} />}
            loading={busy === 'all'}
            disabled={busy !== null && busy !== 'all'}
            onClick={confirmLogoutAll}
          >
            {t('logout_all_devices')}
          </Button>
        </Group>
        {active.isPending ? (
          loading
        ) : active.isError ? (
          failure(active.error)
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {active.data.map((device) => (
              <DeviceCard
                key={device.id}
                device={device}
                onDetail={() => openDetail(device)}
                onLogout={() => confirmLogout(device)}
                busy={busy === device.id}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="devices-logged-out">
        <Title order={2} fz="lg" id="devices-logged-out">
          {t('device_logged_out_heading')}
        </Title>
        {loggedOut.isPending ? (
          loading
        ) : loggedOut.isError ? (
          failure(loggedOut.error)
        ) : loggedOut.data.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('device_logged_out_empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {loggedOut.data.map((device) => (
              <DeviceCard key={device.id} device={device} onDetail={() => openDetail(device)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <RememberedDevices />

      <DeviceDetailModal id={id ?? null} onClose={closeDetail} onLogout={confirmLogout} busy={busy !== null} />
    </Stack>
  );
}

export default DevicesPage;

function DeviceIcon({ device, size = 44 }: { device: Device; size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={device.isLogOut ? 'gray' : 'brand'} aria-hidden>
      <Icon name={device.deviceType === 2 ? 'phone' : 'device'} size={Math.round(size / 2)} />
    </ThemeIcon>
  );
}

function DeviceCard({
  device,
  onDetail,
  onLogout,
  busy = false,
}: {
  device: Device;
  onDetail: () => void;
  onLogout?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const name = nameOf(device, tr);

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      bg={device.isLogOut ? 'gray.0' : 'white'}
      component="article"
      aria-label={name}
      style={device.isCurrentDevice ? { borderColor: 'var(--mantine-color-brand-4)' } : undefined}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <DeviceIcon device={device} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={8} wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {device.isCurrentDevice && (
                <Badge color="teal" variant="light" size="sm">
                  {t('device_current')}
                </Badge>
              )}
            </Group>
            <Text fz="sm" c="dimmed">
              {[typeLabel(device, tr), device.browser, device.locationRegion || t('device_region_unknown')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Text fz="sm" c="dimmed">
              {device.isLogOut
                ? `${t('device_logout_time')}: ${formatDateTime(device.logoutTime, locale) || t('device_time_unknown')}`
                : `${t('device_last_action')}: ${lastActionText(device, locale, tr)}`}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onDetail}
            aria-label={t('device_details_named', { name })}
          >
            {t('device_details')}
          </Button>
          {onLogout && (
            <Button
              variant="light"
              color="red"
              size="compact-sm"
              onClick={onLogout}
              loading={busy}
              aria-label={t('device_logout_named', { name })}
            >
              {t('device_logout')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start" py={6}>
      <Text fz="sm" c="dimmed" component="dt" style={{ flex: '0 0 auto' }}>
        {label}
      </Text>
      <Text fz="sm" fw={500} component="dd" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function DeviceDetailModal({
  id,
  onClose,
  onLogout,
  busy,
}: {
  id: string | null;
  onClose: () => void;
  onLogout: (device: Device) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const device = useQuery({
    queryKey: deviceKey(id ?? ''),
    queryFn: () => getDevice(id ?? ''),
    enabled: id !== null,
    retry: false,
  });
  const d = device.data;

  return (
    <Modal opened={id !== null} onClose={onClose} title={t('device_detail_title')} centered size="md">
      {device.isPending ? (
        <Center py="xl" role="status" aria-label={t('app_loading')}>
          <Loader type="dots" />
        </Center>
      ) : device.isError || !d ? (
        <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
          {errorText(device.error, tr)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <DeviceIcon device={d} size={48} />
            <Stack gap={2}>
              <Text fw={600}>{nameOf(d, tr)}</Text>
              {d.isCurrentDevice && (
                <Badge color="teal" variant="light" size="sm">
                  {t('device_current')}
                </Badge>
              )}
            </Stack>
          </Group>
          <Stack component="dl" gap={0} m={0}>
            <DetailRow label={t('device_type')}>{typeLabel(d, tr)}</DetailRow>
            <DetailRow label={t('device_name')}>{d.deviceName || t('device_time_unknown')}</DetailRow>
            <DetailRow label={t('device_region')}>{d.locationRegion || t('device_region_unknown')}</DetailRow>
            <DetailRow label={t('device_login_time')}>
              {formatDateTime(d.loginTime, locale) || t('device_time_unknown')}
            </DetailRow>
            <DetailRow label={t('device_ip')}>{d.ip || t('device_time_unknown')}</DetailRow>
            <DetailRow label={t('device_recent_activity')}>{lastActionText(d, locale, tr)}</DetailRow>
            <DetailRow label={t('device_browser')}>{d.browser || t('device_time_unknown')}</DetailRow>
            {d.isLogOut && (
              <DetailRow label={t('device_logout_time')}>
                {formatDateTime(d.logoutTime, locale) || t('device_time_unknown')}
              </DetailRow>
            )}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common_close')}
            </Button>
            {!d.isLogOut && (
              <Button
                color="red"
                variant="light"
                disabled={busy}
                onClick={() => onLogout(d)}
                aria-label={t('device_logout_named', { name: nameOf(d, tr) })}
              >
                {t('device_logout')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
