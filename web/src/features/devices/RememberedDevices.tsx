import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { RememberedDevice } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { forgetRememberedDevice, listRememberedDevices, rememberedDevicesKey } from './api';

/**
 * The devices page's remembered browsers (issue 11: "remember this device" at login step 3): which
 * browsers skip the second sign-in step, until when, and a button to forget each. Nothing is shown
 * while there are none.
 */
export function RememberedDevices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remembered = useQuery({ queryKey: rememberedDevicesKey, queryFn: listRememberedDevices, retry: false });
  const forget = useMutation({
    mutationFn: forgetRememberedDevice,
    onSuccess: () => notifyDone(t('devices_remembered_forgotten')),
    onError: (error) => notifyFailed(error, t),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rememberedDevicesKey }),
  });
  if (!remembered.data?.length) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="devices-remembered">
      <Stack gap={2}>
        <Title order={2} fz="lg" id="devices-remembered">
          {t('devices_remembered_title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('devices_remembered_note')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {remembered.data.map((device) => (
          <RememberedCard
            key={device.id}
            device={device}
            busy={forget.isPending && forget.variables === device.id}
            onForget={() => forget.mutate(device.id)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function RememberedCard({ device, busy, onForget }: { device: RememberedDevice; busy: boolean; onForget: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const name =
    device.deviceName || device.browser || t(device.deviceType === 2 ? 'device_type_phone' : 'device_type_desktop');
  return (
    <Paper withBorder radius="md" p="md" data-testid="remembered-device">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="teal" aria-hidden>
            <Icon name={device.deviceType === 2 ? 'phone' : 'device'} size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text fz="sm" c="dimmed" truncate>
              {[device.browser, device.ip].filter(Boolean).join(' · ')}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('devices_remembered_until', { date: formatDateTime(device.expiresTime, locale) })}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button variant="light" color="red" size="xs" loading={busy} onClick={onForget}>
            {t('devices_remembered_forget')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
