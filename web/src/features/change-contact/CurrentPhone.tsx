import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { contactInfoQuery } from '../../queries/contactInfo';

/** The change-phone page's reminder of the number in use (spec sign-in §2 Change phone page). */
export function CurrentPhone() {
  const { t } = useTranslation();
  const info = useQuery(contactInfoQuery);
  return (
    <Paper radius="md" p="md" bg="gray.0" withBorder>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          <Icon name="phone" size={18} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" fw={600} id="current-phone-label">
            {t('change_current_phone')}
          </Text>
          <Text fw={600} aria-labelledby="current-phone-label" data-testid="current-phone">
            {info.isPending ? '…' : info.data?.phoneNumber || t('change_no_current_phone')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
