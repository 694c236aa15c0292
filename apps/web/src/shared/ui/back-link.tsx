import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { returnAddress } from '../navigation/last-address.ts';

/** The way up: from a form to its detail, from a detail to its list. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Anchor component={Link} to={returnAddress(to)} size="sm" underline="hover" data-testid="back-link">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} />
        {children}
      </Group>
    </Anchor>
  );
}
