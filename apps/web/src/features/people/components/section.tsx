import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a person's form or detail: its title (after an icon, if given), then its content. */
export function Section({ title, icon, testId, children }: { title: string; icon?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group gap="xs" mb="sm">
        {icon}
        <Title order={2} fz="md">
          {title}
        </Title>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
