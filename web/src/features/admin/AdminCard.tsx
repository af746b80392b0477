import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One item of a console tab (a block's brand, a group): a region named by its title, a dimmed
 * line under it (its id, its state), its actions on the right, then its body.
 */
export function AdminCard({
  id,
  title,
  subtitle,
  actions,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const labelId = `admin-card-${id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} fz="md" id={labelId}>
            {title}
          </Title>
          <Text fz="xs" c="dimmed">
            {subtitle}
          </Text>
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
