import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's name as a page title, with a grey badge when the record is deleted (soft delete). */
export function RecordTitle({ name, deleted, deletedLabel }: { name: ReactNode; deleted: boolean; deletedLabel: string }) {
  return (
    <Group gap="sm" component="span" data-testid="detail-title">
      {name}
      {deleted && (
        <Badge color="gray" variant="light" data-testid="deleted-badge">
          {deletedLabel}
        </Badge>
      )}
    </Group>
  );
}
