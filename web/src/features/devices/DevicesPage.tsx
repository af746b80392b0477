import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { activeDevicesKey, listDevices, listLoggedOutDevices, loggedOutDevicesKey } from './api';
import { DeviceCard } from './DeviceCard';
import { DeviceDetailModal } from './DeviceDetailModal';
import { RememberedDevices } from './RememberedDevices';
import { useDeviceLogout } from './useDeviceLogout';

/** A titled list section of the page. */
function DeviceSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * Devices (spec account §2 Devices, §4 Device): the active devices (type, name, region, last
 * action; the current one marked), log out per device (confirmed) which moves it to the
 * logged-out list, the detail modal (also opened by /security/device/{id}), log out all.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { id } = useParams();
  const navigate = useNavigate();
  const active = useQuery({ queryKey: activeDevicesKey, queryFn: listDevices, retry: false });
  const loggedOut = useQuery({ queryKey: loggedOutDevicesKey, queryFn: listLoggedOutDevices, retry: false });
  usePageTitle('menu_device');

  const openDetail = (device: Device) => navigate(to(`/security/device/${encodeURIComponent(device.id)}`));
  const closeDetail = () => navigate(to('/security/device'), { replace: true });
  const { busy, confirmLogout, confirmLogoutAll } = useDeviceLogout({ onLoggedOut: () => id && closeDetail() });

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <PageHeader title={t('menu_device')} intro={t('device_intro')} />

      <DeviceSection
        id="devices-active"
        title={t('device_active_heading')}
        action={
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
        }
      >
        <QueryState query={active}>
          {(list) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {list.map((device) => (
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
        </QueryState>
      </DeviceSection>

      <DeviceSection id="devices-logged-out" title={t('device_logged_out_heading')}>
        <QueryState
          query={loggedOut}
          isEmpty={(list) => list.length === 0}
          empty={
            <Text c="dimmed" fz="sm">
              {t('device_logged_out_empty')}
            </Text>
          }
        >
          {(list) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {list.map((device) => (
                <DeviceCard key={device.id} device={device} onDetail={() => openDetail(device)} />
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </DeviceSection>

      <RememberedDevices />

      <DeviceDetailModal id={id ?? null} onClose={closeDetail} onLogout={confirmLogout} busy={busy !== null} />
    </Stack>
  );
}

export default DevicesPage;
