import { Box, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

/** The frame of the change and activate pages: title, intro, optional step meter. */
export function ContactCard({
  title,
  intro,
  step,
  children,
}: {
  title: string;
  intro?: ReactNode;
  step?: { current: number; total: number };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box maw={560} mx="auto" w="100%">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
        <Stack gap="lg">
          <Stack gap={6}>
            {step && (
              <Stack gap={6} mb={4}>
                <Text fz="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
                  {t('step_of', { step: step.current, total: step.total })}
                </Text>
                <Progress value={(step.current / step.total) * 100} size={6} radius="xl" aria-hidden="true" />
              </Stack>
            )}
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" fz="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

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
