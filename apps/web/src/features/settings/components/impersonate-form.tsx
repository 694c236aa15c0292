import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { useSearchPeople } from '../api/search-people.ts';
import { useStartImpersonation } from '../api/start-impersonation.ts';

/** Acts as another person of the organisation (IMPERSONATE_USERS; audited on the server). */
export function ImpersonateForm({ ownPersonEmail }: { ownPersonEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [personId, setPersonId] = useState<string | null>(null);
  const people = useSearchPeople(debounced, true);
  const start = useStartImpersonation();
  const options = (people.data?.results ?? [])
    .filter((person) => person.has_account && !person.is_disabled && person.primary_email !== ownPersonEmail)
    .map((person) => ({ value: person.id, label: person.primary_email ? `${person.name} · ${person.primary_email}` : person.name }));

  const failure = start.error ? (isHttpError(start.error) && start.error.detail ? start.error.detail : t('errors.saveFailed')) : null;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('settings.impersonate.person')}
          placeholder={t('settings.impersonate.placeholder')}
          searchable
          data={options}
          value={personId}
          onChange={setPersonId}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={people.isFetching ? t('common.loading') : t('settings.impersonate.nobody')}
          filter={({ options: all }) => all}
          miw={280}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="impersonate-select"
        />
        <Button
          leftSection={<IconUserShare size={16} />}
          disabled={!personId}
          loading={start.isPending}
          onClick={() => {
            // The form unmounts as soon as the session changes: await the call instead of a per-call callback.
            if (personId)
              void start.mutateAsync(personId).then(
                () => navigate('/home'),
                () => undefined,
              );
          }}
          data-testid="impersonate-start"
        >
          {t('settings.impersonate.start')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
