import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a person's form or detail: its title (after an icon, if given) with its action, then its content. */
export function Section({ title, icon, action, testId, children }: { title: string; icon?: ReactNode; action?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      {/* one height with or without an action, so cards side by side keep their titles level */}
      <Group gap="xs" mb="sm" justify="space-between" wrap="nowrap" mih={26}>
        <Group gap="xs">
          {icon}
          <Title order={2} fz="md">
            {title}
          </Title>
        </Group>
        {action}
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
