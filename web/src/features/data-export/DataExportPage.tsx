import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { type DataExport, EXPORT_HOURS } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataPartsList } from '../../components/DataPartsList';
import { Icon } from '../../components/Icon';
import { AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { downloadFrom } from '../../lib/download';
import { formatBytes, formatDateTime } from '../../lib/format';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { DATA_EXPORT_KEY, dataExportLink, readDataExport, requestDataExport } from './api';

/** How often the page asks again while the archive is being made. */
const POLL_MS = 2_000;

/**
 * Download my data (issue 32 point 3): ask for a copy (after the step-up), watch it being made,
 * download it while it lasts, or ask for a new one. What the copy holds is listed underneath.
 */
export function DataExportPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  usePageTitle('menu_data');
  const status = useQuery({
    queryKey: DATA_EXPORT_KEY,
    queryFn: readDataExport,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => {
      queryClient.setQueryData(DATA_EXPORT_KEY, answer);
      notifyDone(t('data_export_started'));
    },
    onError: (err) => notifyFailed(err, tr),
  });
  const download = useMutation({
    mutationFn: dataExportLink,
    onSuccess: ({ url, fileName }) => downloadFrom(url, fileName),
    onError: (err) => {
      notifyFailed(err, tr);
      void queryClient.invalidateQueries({ queryKey: DATA_EXPORT_KEY });
    },
  });

  return (
    <AccountPage title={t('menu_data')} intro={t('data_export_intro', { hours: EXPORT_HOURS })} width={760}>
      <Stack gap="lg">
        <QueryState query={status}>
          {(current) => (
            <ExportCard
              current={current}
              asking={request.isPending}
              downloading={download.isPending}
              onRequest={() => request.mutate()}
              onDownload={() => download.mutate()}
            />
          )}
        </QueryState>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white">
          <DataPartsList heading={t('data_export_contains')} />
        </Paper>
      </Stack>
    </AccountPage>
  );
}

type CardProps = {
  current: DataExport | null;
  asking: boolean;
  downloading: boolean;
  onRequest: () => void;
  onDownload: () => void;
};

function ExportCard({ current, asking, downloading, onRequest, onDownload }: CardProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const state = current?.state;
  const again = state === 'ready' || state === 'failed';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden>
            <Icon name="download" size={20} />
          </ThemeIcon>
          <Stack gap={4} miw={0} flex={1} aria-live="polite">
            {state === 'preparing' && (
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" aria-hidden />
                <Text fz="sm">{t('data_export_preparing')}</Text>
              </Group>
            )}
            {state === 'ready' && current && (
              <Text fz="sm">
                {t('data_export_ready', {
                  size: formatBytes(current.size ?? 0),
                  time: formatDateTime(current.expiresTime, locale),
                })}
              </Text>
            )}
            {state === 'failed' && (
              <Alert color="red" variant="light" p="xs" role="alert">
                {t('data_export_failed')}
              </Alert>
            )}
            {current && (
              <Text fz="xs" c="dimmed">
                {t('data_export_requested', { time: formatDateTime(current.requestedTime, locale) })}
              </Text>
            )}
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          {state !== 'preparing' && (
            <Button variant={state === 'ready' ? 'default' : 'filled'} loading={asking} onClick={onRequest}>
              {again ? t('data_export_again') : t('data_export_request')}
            </Button>
          )}
          {state === 'ready' && (
            <Button loading={downloading} onClick={onDownload} leftSection={<Icon name="download" size={16} />}>
              {t('data_export_download')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export default DataExportPage;
