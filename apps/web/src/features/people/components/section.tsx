import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a person's form or detail: its title, then its fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
