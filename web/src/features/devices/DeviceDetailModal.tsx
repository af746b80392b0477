import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Device } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { formatDateTime } from '../../lib/format';
import { deviceKey, getDevice } from './api';
import { CurrentBadge, DeviceIcon, lastActionText, nameOf, typeLabel } from './DeviceCard';

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

export interface DeviceDetailModalProps {
  /** The device shown (from /security/device/{id}); null closes the modal. */
  id: string | null;
  onClose: () => void;
  onLogout: (device: Device) => void;
  busy: boolean;
}

/** A device's details (spec account §4 Device): every field, and log out for an active one. */
export function DeviceDetailModal({ id, onClose, onLogout, busy }: DeviceDetailModalProps) {
  const { t } = useTranslation();
  const device = useQuery({
    queryKey: deviceKey(id ?? ''),
    queryFn: () => getDevice(id ?? ''),
    enabled: id !== null,
    retry: false,
  });

  return (
    <Modal opened={id !== null} onClose={onClose} title={t('device_detail_title')} centered>
      <QueryState query={device}>
        {(d) => <DeviceDetail device={d} onClose={onClose} onLogout={onLogout} busy={busy} />}
      </QueryState>
    </Modal>
  );
}

function DeviceDetail({ device: d, onClose, onLogout, busy }: Omit<DeviceDetailModalProps, 'id'> & { device: Device }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const unknown = t('device_time_unknown');

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <DeviceIcon device={d} size={48} />
        <Stack gap={2}>
          <Text fw={600}>{nameOf(d, tr)}</Text>
          {d.isCurrentDevice && <CurrentBadge />}
        </Stack>
      </Group>
      <Stack component="dl" gap={0} m={0}>
        <DetailRow label={t('device_type')}>{typeLabel(d, tr)}</DetailRow>
        <DetailRow label={t('device_name')}>{d.deviceName || unknown}</DetailRow>
        <DetailRow label={t('device_region')}>{d.locationRegion || t('device_region_unknown')}</DetailRow>
        <DetailRow label={t('device_login_time')}>{formatDateTime(d.loginTime, locale) || unknown}</DetailRow>
        <DetailRow label={t('device_ip')}>{d.ip || unknown}</DetailRow>
        <DetailRow label={t('device_recent_activity')}>{lastActionText(d, locale, tr)}</DetailRow>
        <DetailRow label={t('device_browser')}>{d.browser || unknown}</DetailRow>
        {d.signInMethod && (
          // The catalogue's name of the way in (password, a code, Google, Facebook, Zalo, the app's link).
          <DetailRow label={t('device_sign_in_method')}>{tr(`sign_in_method_${d.signInMethod}`)}</DetailRow>
        )}
        {d.isLogOut && (
          <DetailRow label={t('device_logout_time')}>{formatDateTime(d.logoutTime, locale) || unknown}</DetailRow>
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
  );
}
