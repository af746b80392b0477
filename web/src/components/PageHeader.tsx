import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** The line under the title. */
  intro?: ReactNode;
  /** On the right of the title (an add button); below it when the window is narrow. */
  actions?: ReactNode;
  /** Before the title (a back button). */
  leading?: ReactNode;
}

/**
 * The head of an account page: the h1 (24 px on a phone, 28 px from sm), the intro under it, and
 * the page's actions beside them.
 */
export function PageHeader({ title, intro, actions, leading }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
        {leading}
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" mt={4}>
              {intro}
            </Text>
          )}
        </div>
      </Group>
      {actions}
    </Group>
  );
}

/** An account page of one column: its header, then its blocks, `width` at most (centred). */
export function AccountPage({
  width = 720,
  children,
  ...header
}: PageHeaderProps & { width?: number; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={width} mx="auto" w="100%">
      <PageHeader {...header} />
      {children}
    </Stack>
  );
}

/** The white card an account page's block sits in. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white">
      {children}
    </Paper>
  );
}

/** The back arrow before a page's title (PageHeader's `leading`) or atop a block. */
export function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      mt={2}
      aria-label={t('common_back')}
      title={t('common_back')}
      onClick={onClick}
    >
      <Icon name="back" size={22} stroke={2} />
    </ActionIcon>
  );
}
