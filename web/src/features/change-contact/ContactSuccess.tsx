import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';

/** The success block of the change and activate pages: a tick, the message, the buttons. */
export function ContactSuccess({
  message,
  detail,
  children,
}: {
  message: string;
  detail?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py="md" ta="center">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <Icon name="check" size={32} />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={700} fz="lg" role="status">
          {message}
        </Text>
        {detail && (
          <Text c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        )}
      </Stack>
      <Group justify="center" gap="sm" mt="xs">
        {children}
      </Group>
    </Stack>
  );
}
