import { Group, Text } from '@mantine/core';

/** The Faena mark; the tenant's logo, when it has one, sits beside it in the top bar. */
export function FaenaMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#44a690" />
      <path d="M20 46V18h24v7H28v5h13v7H28v9z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 32, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <FaenaMark size={size} />
      {withText && (
        <Text component="span" fw={700} fz={size * 0.62} c="var(--mantine-color-text)" style={{ letterSpacing: '-0.02em' }}>
          Faena
        </Text>
      )}
    </Group>
  );
}
