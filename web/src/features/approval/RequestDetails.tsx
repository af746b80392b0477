import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ApprovalRequest } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import classes from './approval.module.css';

/**
 * What asks to be signed in, as the approver sees it before answering (issue 26: QR phishing —
 * a code shown by someone else's browser names that browser, its IP and where it is).
 */
export function RequestDetails({ request }: { request: ApprovalRequest }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const rows: [string, string][] = [
    [t('approval_product'), request.clientName],
    [t('approval_browser'), [request.browser, request.system].filter(Boolean).join(' · ') || '—'],
    [t('approval_ip'), request.ip],
    ...(request.region ? ([[t('approval_region'), request.region]] as [string, string][]) : []),
    [t('approval_time'), formatDateTime(request.time, locale)],
  ];
  return (
    <SimpleGrid cols={1} spacing={8} className={classes.details} data-testid="approval-details">
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz="sm" fw={600} className={classes.value}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
