import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A search that found nothing, and the ways out: look among the deleted records too (where the
 * list shows the active ones only: a record deleted is the usual reason a known name finds
 * nothing) and clear the search.
 */
export function NoMatches({ text, searchAll, onClear, testId }: { text: string; searchAll?: { label: string; onClick: () => void } | undefined; onClear: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="lg" data-testid={testId}>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      <Group gap="xs" justify="center">
        {searchAll && (
          <Button size="xs" variant="light" onClick={searchAll.onClick} data-testid="no-matches-all">
            {searchAll.label}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onClear} data-testid="no-matches-clear">
          {t('common.clearSearch')}
        </Button>
      </Group>
    </Stack>
  );
}
