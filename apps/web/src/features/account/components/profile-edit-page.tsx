import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionStore } from '../../../shared/session/session.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TOAST_DURATION_MS, toast } from '../../../shared/ui/toasts.ts';
import { useUnsavedChanges } from '../../../shared/ui/use-unsaved-changes.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

/** /profile/edit (behind the profile_editing flag) — name and picture, with the unsaved-changes guard. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const update = useUpdateProfile();
  const initialName = session?.user.name ?? '';
  const initialPicture = session?.user.picture ?? '';
  const [name, setName] = useState(initialName);
  const [picture, setPicture] = useState(initialPicture);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const dirty = !saved && (name !== initialName || picture !== initialPicture);
  useUnsavedChanges(dirty);

  // Leave only once the saved state has rendered, so the unsaved-changes guard lets us go.
  useEffect(() => {
    if (saved) void navigate('/profile');
  }, [saved, navigate]);

  const save = () => {
    update.mutate(
      { name: name.trim(), picture: picture.trim() || null },
      {
        onSuccess: () => {
          setSaved(true);
          toast.show(t('account.saved'));
          // A fresh token pair carries the new name and picture to the header and every tab.
          void sessionStore.refresh({ force: true });
        },
        onError: () => {
          const id = 'profile-save-error';
          notifications.show({
            id,
            color: 'red',
            className: 'faena-toast faena-toast-error',
            withBorder: true,
            autoClose: TOAST_DURATION_MS.error,
            message: (
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <span>{t('errors.saveFailed')}</span>
                <Button
                  size="compact-sm"
                  variant="white"
                  color="red"
                  onClick={() => {
                    notifications.hide(id);
                    save();
                  }}
                >
                  {t('common.retry')}
                </Button>
              </Group>
            ),
          });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    setError(undefined);
    save();
  };

  return (
    <>
      <PageHeader title={t('shell.editProfile')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
        <form onSubmit={onSubmit} noValidate aria-label={t('shell.editProfile')}>
          <Stack gap="md">
            <Group>
              <UserAvatar name={name || initialName} picture={picture || null} size={72} />
            </Group>
            <TextInput label={t('account.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} required data-testid="profile-name" />
            <TextInput label={t('account.picture')} description={t('account.pictureHint')} type="url" value={picture} onChange={(e) => setPicture(e.currentTarget.value)} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate('/profile')}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!dirty}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
