import { Alert, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { setChanges } from '../../../shared/lib/set-changes.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAllPermissions, useChangePassportPermissions, usePassportPermissions } from '../api/person-permissions.ts';

/**
 * Spec §6: MANAGE_PEOPLE manages permissions in the person detail. Saving sends the keys turned on
 * and off since the editing began, so a key granted meanwhile (a position's defaults) stays.
 */
export function PersonPermissions({ passport }: { passport: string }) {
  const { t, i18n } = useTranslation();
  const all = useAllPermissions();
  const current = usePassportPermissions(passport, true);
  const save = useChangePassportPermissions(passport);
  /** The set as it was when editing began (`base`) and as it is being edited (`keys`). */
  const [draft, setDraft] = useState<{ base: string[]; keys: string[] } | null>(null);
  const held = current.data?.permissions ?? [];
  const chosen = draft?.keys ?? held;
  const change = setChanges(draft?.base ?? held, draft?.keys ?? held);
  const dirty = change.added.length > 0 || change.removed.length > 0;

  // The names every directory screen uses (shared/directory), the server's meaning for a key they lack.
  const label = (key: string, meaning: string) => (i18n.exists(`directory.permissions.${key}`) ? t(`directory.permissions.${key}`) : meaning);
  const help = (key: string) => (i18n.exists(`directory.permissionHelp.${key}`) ? `${t(`directory.permissionHelp.${key}`)} · ${key}` : key);

  return (
    <Paper withBorder p="md" radius="md" data-testid="person-permissions">
      <Title order={2} fz="md" mb={4}>
        {t('people.permissions.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('people.permissions.help')}
      </Text>
      {all.isPending || current.isPending ? (
        <Loader size="sm" />
      ) : !all.data || !current.data ? (
        <Alert color="red">{t('people.permissions.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {all.data.map((permission) => (
              <Checkbox
                key={permission.key}
                label={label(permission.key, permission.meaning)}
                description={help(permission.key)}
                checked={chosen.includes(permission.key)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setDraft({ base: draft?.base ?? held, keys: on ? [...chosen, permission.key] : chosen.filter((key) => key !== permission.key) });
                }}
                data-testid={`permission-${permission.key}`}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!dirty} onClick={() => setDraft(null)}>
              {t('people.permissions.reset')}
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(change, {
                  onSuccess: () => {
                    setDraft(null);
                    toast.show(t('people.permissions.saved'));
                  },
                  onError: (error) => toast.error(isHttpError(error) && error.status === 403 ? t('people.permissions.forbidden') : t('errors.saveFailed')),
                })
              }
              data-testid="permissions-save"
            >
              {t('people.permissions.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
