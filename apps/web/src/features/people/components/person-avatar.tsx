import type { AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TPersonListItem } from '@faena/contracts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { ensureFileCookie } from '../../../shared/uploads/upload-api.ts';

const UPLOAD_BASE = '/api/document-manager/v3/upload';

/** The person's photo (a stored upload) or account picture. */
export function photoLink(person: Pick<TPersonListItem, 'photo_upload_id' | 'picture'>): string | null {
  if (person.photo_upload_id) return `${UPLOAD_BASE}/${encodeURIComponent(person.photo_upload_id)}/download`;
  return person.picture;
}

/** Photos are stored files: the `<img>` waits for the download cookie (initials meanwhile). */
export function PersonAvatar({ person, ...props }: { person: Pick<TPersonListItem, 'name' | 'photo_upload_id' | 'picture'> } & AvatarProps) {
  const link = photoLink(person);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!link) return undefined;
    let live = true;
    void ensureFileCookie().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [link]);
  return <UserAvatar name={person.name} picture={ready ? link : null} {...props} />;
}
