import { MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../shared/api/api-client.ts';
import { EntityPicker } from '../../../shared/directory/entity-picker.tsx';
import { useChecklistCategories } from '../api/checklists-api.ts';
import type { ChecklistDraft } from '../lib/builder-draft.ts';
import { PersonPicker } from './person-picker.tsx';

interface LocationRow {
  id: string;
  name: string;
}

function LocationsPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const locations = useQuery({
    queryKey: ['checklists', 'locations'],
    queryFn: ({ signal }) => apiClient.get<{ results: LocationRow[] }>('/api/organization/v3/locations/', { signal, query: { page_size: 200 } }),
    staleTime: 60_000,
  });
  return (
    <MultiSelect
      label={t('checklists.builder.locations')}
      data={(locations.data?.results ?? []).map((row) => ({ value: row.id, label: row.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
    />
  );
}

/** A card of the settings tab: a heading, an optional line of help, its controls. */
export function SettingsCard({ title, help, children, ...rest }: { title?: ReactNode; help?: ReactNode; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={rest['data-testid']}>
      {title && (
        <Title order={3} fz={16} mb={help ? 'xs' : 'sm'}>
          {title}
        </Title>
      )}
      {help && (
        <Text size="xs" c="dimmed" mb="sm">
          {help}
        </Text>
      )}
      {children}
    </Paper>
  );
}

type SetDraft = <K extends keyof ChecklistDraft>(key: K, value: ChecklistDraft[K]) => void;

/** The builder's "Configuración" tab: category, description, pass mark, executors, places, signatures, supervisors. */
export function BuilderSettings({ draft, set, errors, maxScore }: { draft: ChecklistDraft; set: SetDraft; errors: Record<string, string>; maxScore: number }) {
  const { t } = useTranslation();
  const categories = useChecklistCategories();
  return (
    <Stack gap="md">
      <SettingsCard>
        <Stack gap="sm">
          <Select
            label={t('checklists.builder.category')}
            data={(categories.data?.results ?? []).map((category) => ({ value: category.id, label: category.name }))}
            value={draft.category || null}
            onChange={(value) => set('category', value ?? '')}
            error={errors.category}
            required
          />
          <Textarea label={t('checklists.builder.description')} value={draft.description} onChange={(event) => set('description', event.currentTarget.value)} autosize minRows={2} />
          <NumberInput
            label={t('checklists.builder.passMark')}
            description={t('checklists.builder.passMarkHelp', { max: maxScore })}
            min={0}
            max={100}
            suffix=" %"
            value={draft.pass_mark ?? ''}
            onChange={(value) => set('pass_mark', typeof value === 'number' ? value : null)}
            error={errors.pass_mark}
            maw={240}
            data-testid="pass-mark"
          />
        </Stack>
      </SettingsCard>
      <SettingsCard title={t('checklists.builder.executors')} help={t('checklists.builder.executorsHelp')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <PersonPicker
            label={t('checklists.builder.persons')}
            value={draft.executors.persons}
            onChange={(people) => set('executors', { ...draft.executors, persons: people })}
            error={errors['executors.persons']}
          />
          <EntityPicker
            kind="positions"
            label={t('checklists.builder.positions')}
            value={draft.executors.positions}
            onChange={(ids) => set('executors', { ...draft.executors, positions: ids })}
            error={errors['executors.positions']}
          />
          <EntityPicker
            kind="audiences"
            label={t('checklists.builder.audiences')}
            value={draft.executors.audiences}
            onChange={(ids) => set('executors', { ...draft.executors, audiences: ids })}
            error={errors['executors.audiences']}
          />
        </SimpleGrid>
      </SettingsCard>
      <SettingsCard title={t('checklists.builder.places')} help={t('checklists.builder.placesHelp')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <EntityPicker
            kind="venues"
            label={t('checklists.builder.venues')}
            value={draft.places.venues}
            onChange={(ids) => set('places', { ...draft.places, venues: ids })}
            error={errors['places.venues']}
          />
          <LocationsPicker value={draft.places.locations} onChange={(ids) => set('places', { ...draft.places, locations: ids })} />
        </SimpleGrid>
      </SettingsCard>
      <SettingsCard title={t('checklists.builder.signatures')}>
        <Stack gap="xs">
          <Switch
            label={t('checklists.builder.signExecutor')}
            checked={draft.signatures.executor}
            onChange={(event) => set('signatures', { ...draft.signatures, executor: event.currentTarget.checked })}
            data-testid="sign-executor"
          />
          <Switch
            label={t('checklists.builder.signSecond')}
            checked={draft.signatures.second}
            onChange={(event) => set('signatures', { ...draft.signatures, second: event.currentTarget.checked })}
            data-testid="sign-second"
          />
        </Stack>
      </SettingsCard>
      <SettingsCard>
        <PersonPicker
          label={t('checklists.builder.supervisors')}
          description={t('checklists.builder.supervisorsHelp')}
          value={draft.supervisors}
          onChange={(people) => set('supervisors', people)}
          error={errors.supervisors}
        />
      </SettingsCard>
    </Stack>
  );
}
