import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Bar {
  key: string;
  label: string;
  value: number;
  color?: string;
  /** Where a click on the bar goes (the list, filtered). */
  to?: string;
}

/** Horizontal bars with their counts, as a list a screen reader reads in order. */
export function BarList({ bars, label, testId }: { bars: readonly Bar[]; label: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Stack gap={8} component="ul" aria-label={label} data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {bars.map((bar) => {
        const name = bar.to ? (
          <Anchor component={Link} to={bar.to} size="sm" c="inherit" underline="hover">
            {bar.label}
          </Anchor>
        ) : (
          <Text size="sm">{bar.label}</Text>
        );
        return (
          <Box component="li" key={bar.key} data-testid="bar">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {name}
              <Text size="sm" fw={600}>
                {bar.value}
              </Text>
            </Group>
            <Box h={10} bg="var(--mantine-color-gray-2)" style={{ borderRadius: 5, overflow: 'hidden' }} aria-hidden>
              <Box h="100%" w={`${(bar.value / max) * 100}%`} bg={bar.color ?? 'var(--mantine-color-faena-6)'} style={{ borderRadius: 5 }} />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
