import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the full-page states: not found, under construction, no access, errors. */
export function StatusScreen({
  icon,
  title,
  children,
  actions,
  testId,
  color = 'faena',
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  color?: string;
}) {
  return (
    <Center mih="60vh" p="md" data-testid={testId}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%" miw={0} shadow="xs">
        <Stack align="center" gap="md" ta="center" style={{ minWidth: 0 }}>
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden="true">
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {children && (
            <Text c="dimmed" component="div" w="100%" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {children}
            </Text>
          )}
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
