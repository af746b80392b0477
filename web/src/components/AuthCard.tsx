import { Box, Button, Center, Group, Loader, Paper, Progress, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

export interface AuthCardProps {
  title: string;
  /** Line under the title. */
  intro?: ReactNode;
  /** Current step and number of steps: 'Step 1 of 3' with a thin progress bar. */
  step?: { current: number; total: number };
  /** Wider card (the details form). */
  wide?: boolean;
  /** Shown above the title (e.g. the login / register tabs). */
  top?: ReactNode;
  /** A loader instead of the content (a flow asking the server where it stands). */
  loading?: boolean;
  children?: ReactNode;
}

/** The centred card of the public sign-up pages (register, forgot password), like the login card. */
export function AuthCard({ title, intro, step, wide, top, loading, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Center>
      <Paper withBorder radius="lg" shadow="md" p={{ base: 'lg', sm: 32 }} w="100%" maw={wide ? 540 : 448} bg="white">
        <Stack gap="lg">
          {top}
          <Stack gap={6}>
            {step && (
              <Group justify="space-between" gap="xs">
                <Text fz="xs" fw={700} c="brand.7" tt="uppercase" lts={0.5}>
                  {t('step_of', { step: step.current, total: step.total })}
                </Text>
                <Box w={96}>
                  <Progress value={(step.current / step.total) * 100} size={6} radius="xl" aria-hidden="true" />
                </Box>
              </Group>
            )}
            <Title order={1} fz={{ base: 24, sm: 26 }}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" fz="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {loading ? (
            <Center py="xl" role="status" aria-label={t('app_loading')}>
              <Loader type="dots" />
            </Center>
          ) : (
            children
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The buttons under a sign-up step: Cancel and the step's submit button, side by side even on a phone. */
export function AuthCardActions({ onCancel, label, busy }: { onCancel: () => void; label: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" className={classes.actions}>
      <Button variant="default" size="md" type="button" onClick={onCancel}>
        {t('common_cancel')}
      </Button>
      <Button type="submit" size="md" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}

/** The sign-in / register switch at the top of both cards; choosing the other one calls onSwitch. */
export function AuthModeTabs({ value, onSwitch }: { value: 'login' | 'register'; onSwitch: () => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        if (next && next !== value) onSwitch();
      }}
      variant="pills"
      radius="xl"
      classNames={{ list: classes.modeTabs }}
    >
      <Tabs.List grow>
        <Tabs.Tab value="login">{t('login_tab')}</Tabs.Tab>
        <Tabs.Tab value="register">{t('register_tab')}</Tabs.Tab>
      </Tabs.List>
      {/* The card below is the tab's content; an empty panel keeps the tab's aria-controls valid (axe). */}
      <Tabs.Panel value={value}>{null}</Tabs.Panel>
    </Tabs>
  );
}
