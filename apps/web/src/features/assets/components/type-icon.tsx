import { createElement } from 'react';
import { ThemeIcon } from '@mantine/core';
import { iconOf } from '../lib/icons.ts';

/** A type's icon on its colour. */
export function TypeIcon({ icon, color, size = 32 }: { icon: string; color: string; size?: number }) {
  return (
    <ThemeIcon color={color} size={size} radius="md" variant="filled" aria-hidden>
      {createElement(iconOf(icon), { size: Math.round(size * 0.6) })}
    </ThemeIcon>
  );
}
