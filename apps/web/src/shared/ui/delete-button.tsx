import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The page header's delete action: subtle, red, with the trash icon; the caller asks for confirmation. */
export function DeleteButton({ onClick, loading, children, 'data-testid': testId }: { onClick: () => void; loading?: boolean; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onClick} loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}
