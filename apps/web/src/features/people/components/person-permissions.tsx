import { Alert, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAllPermissions, usePassportPermissions, useSetPassportPermissions } from '../api/person-permissions.ts';

/** Spec §6: MANAGE_PEOPLE manages permissions in the person detail (the whole set is replaced). */
export function PersonPermissions({ passport }: { passport: string }) {
  const { t, i18n } = useTranslation();
  const all = useAllPermissions();
  const current = usePassportPermissions(passport, true);
  const save = useSetPassportPermissions(passport);
  const [draft, setDraft] = useState<string[] | null>(null);
  const held = current.data?.permissions ?? [];
  const chosen = draft ?? held;
  const dirty = draft !== null && (draft.length !== held.length || draft.some((key) => !held.includes(key)));

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
      ) : all.isError || current.isError ? (
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
                  setDraft(on ? [...chosen, permission.key] : chosen.filter((key) => key !== permission.key));
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
                save.mutate(chosen, {
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
