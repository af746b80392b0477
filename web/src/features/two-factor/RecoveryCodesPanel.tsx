import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/CopyValueButton';
import { Icon } from '../../components/Icon';
import { useAppSettings } from '../../settings/useAppSettings';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFile } from './logic';

/** Offers the codes as a .txt download (the object URL is freed right after the click). */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The recovery codes, shown once after setup or after getting new ones (spec account §3 verify
 * result, §4 "recovery codes are held"): copy, download as .txt, then gone.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { settings } = useAppSettings();
  const titleId = useId();
  const file = recoveryCodesFile(t('two_factor_recovery_file', { product: settings.productName || 'Portico' }), codes);
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      radius="md"
      p="md"
      bg="yellow.0"
      withBorder
      style={{ borderColor: 'var(--mantine-color-yellow-4)' }}
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <Icon name="key" />
          <Title order={2} fz="md" id={titleId}>
            {t('two_factor_recovery_title')}
          </Title>
        </Group>
        <Text fz="sm">{t('two_factor_recovery_text')}</Text>
        <SimpleGrid
          cols={2}
          spacing="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none', fontFamily: 'var(--mantine-font-family-monospace)' }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} fz="md" fw={600}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyValueButton value={codes.join('\n')} />
          <Button variant="default" onClick={() => download(file)}>
            {t('two_factor_recovery_download')}
          </Button>
          <Button onClick={onDone}>{t('two_factor_recovery_done')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
