import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled value of the person detail. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** A text value, or a dimmed "none" when there is none. */
export function Plain({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  return value ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('people.detail.none')}
    </Text>
  );
}
