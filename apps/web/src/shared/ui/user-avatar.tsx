import { Avatar, type AvatarProps } from '@mantine/core';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The person's picture, or their initials on the brand colour. */
export function UserAvatar({ name, picture, ...props }: { name: string; picture: string | null | undefined } & AvatarProps) {
  return (
    <Avatar src={picture || null} alt={picture ? name : undefined} color="faena" variant="filled" radius="xl" {...props}>
      {initials(name)}
    </Avatar>
  );
}
