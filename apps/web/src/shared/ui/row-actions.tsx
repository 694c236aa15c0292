import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The "…" button of a list row and the menu it opens (its `Menu.Item`s as children). `label`
 * names the row for screen readers ("Acciones de Casa Matriz").
 */
export function RowActions({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
