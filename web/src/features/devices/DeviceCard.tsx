import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Device, Locale } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { type LooseT, looseT } from '../../i18n/t';
import { formatDateTime, lastAction } from '../../lib/format';

export const typeLabel = (d: Pick<Device, 'deviceType'>, t: LooseT) =>
  t(d.deviceType === 2 ? 'device_type_phone' : 'device_type_desktop');
export const nameOf = (d: Device, t: LooseT) => d.deviceName || d.browser || typeLabel(d, t);

/** The last-action text: 'n min ago', the full date, or unknown. */
export const lastActionText = (d: Device, locale: Locale, t: LooseT): string => {
  const action = lastAction(d, locale);
  if (action.kind === 'minutes') return t('device_minutes_ago', { count: action.count });
  if (action.kind === 'date') return action.text;
  return t('device_time_unknown');
};

export function DeviceIcon({ device, size = 44 }: { device: Device; size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={device.isLogOut ? 'gray' : 'brand'} aria-hidden>
      <Icon name={device.deviceType === 2 ? 'phone' : 'device'} size={Math.round(size / 2)} />
    </ThemeIcon>
  );
}

/** The "this device" mark. */
export function CurrentBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="teal" variant="light" size="sm">
      {t('device_current')}
    </Badge>
  );
}

/**
 * Which device this is, as a person recognises it: type and name (the current one marked),
 * browser and place, last activity (or when it signed out). The card and the sign-out
 * confirmation (useDeviceLogout.tsx) both show it; the locale comes in, as a modal may render
 * outside the router.
 */
export function DeviceSummary({ device, locale }: { device: Device; locale: Locale }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <DeviceIcon device={device} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={8} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {nameOf(device, tr)}
          </Text>
          {device.isCurrentDevice && <CurrentBadge />}
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
  );
}

export interface DeviceCardProps {
  device: Device;
  onDetail: () => void;
  /** Active devices only: the log-out button. */
  onLogout?: () => void;
  busy?: boolean;
}

/** One device in a list: type, name, browser, region, last action (or log-out time), details and log out. */
export function DeviceCard({ device, onDetail, onLogout, busy = false }: DeviceCardProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const name = nameOf(device, looseT(t));

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
        <DeviceSummary device={device} locale={locale} />
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
