import { Alert, CheckIcon, Group, Loader, MultiSelect, Select, Text, type ComboboxItem, type ComboboxLikeRenderOptionInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FIELD_TYPE_INFO } from '@faena/domain/forms/field-types';
import { limitReachedMessage } from '@faena/domain/forms/messages';
import { audienceId, pickedIds, REFERENCE_KINDS } from '@faena/domain/forms/references';
import type { FieldOf } from '@faena/domain/forms/schema';
import { isValidatorEnabled } from '@faena/domain/forms/validator-flags';
import { parsePersonSearch } from '@faena/domain/person-search';
import { MarkedText } from '../../directory/marked-text.tsx';
import { audienceQueryOptions, catalogProblem, optionQueryOptions, useSearchOptions, type PickerOption } from '../api/catalogs.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldT, useRenderer } from '../renderer-context.ts';
import classes from '../forms.module.css';

type PickerField = FieldOf<'venue' | 'venues' | 'user' | 'users' | 'location' | 'locations' | 'data_source' | 'assets'>;

/** The value of the "keep typing" line: never an id or a data-source key (both are trimmed). */
const MORE = ' more';

function Unavailable({ children, testId }: { children: string; testId: string }) {
  return (
    <Alert color="gray" variant="light" data-testid={testId}>
      {children}
    </Alert>
  );
}

/**
 * Venue, venues, user, users, location, locations and data-source pickers: a search over the real
 * catalogue (spec §3), restricted by the field's audience when it has one. A catalogue that cannot
 * be reached says so — never made-up options.
 */
export function EntityPickerField({ field, value, onChange, onBlur, disabled, invalid, inputId, describedBy }: FieldProps<PickerField>) {
  const t = useFieldT();
  const { validatorFlags } = useRenderer();
  // the asset catalogue does not exist yet (issue 5: its picker stays hidden)
  const kind = REFERENCE_KINDS[field.type] ?? null;
  const isMultiple = FIELD_TYPE_INFO[field.type].isPlural;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [opened, setOpened] = useState(false);
  const audience = 'audience' in field ? audienceId(field.audience) : null;
  const dataSourceId = field.type === 'data_source' && field.data_source_id !== null && field.data_source_id !== undefined ? String(field.data_source_id) : null;
  const displayKey = field.type === 'data_source' ? (field.display_key ?? null) : null;

  const audienceQuery = useQuery(audienceQueryOptions(kind && audience ? audience : null));
  const configured = kind !== null && (kind !== 'data_source' || dataSourceId !== null);
  const audienceReady = audience === null || audienceQuery.isSuccess;
  const options = useSearchOptions(
    { kind: kind ?? 'venue', search: debounced, audience: audienceQuery.data ?? null, dataSourceId, displayKey },
    configured && audienceReady && (opened || debounced !== ''),
  );
  const selected = pickedIds(value);
  const known = useMemo(() => new Map((options.data?.options ?? []).map((option) => [option.id, option])), [options.data]);
  const missing = selected.filter((id) => !known.has(id));
  const looked = useQueries({ queries: missing.map((id) => ({ ...optionQueryOptions(kind ?? 'venue', id, { dataSourceId, displayKey }), enabled: configured })) });

  const problem = catalogProblem(options.error ?? audienceQuery.error);
  if (kind === null) return <Unavailable testId="catalog-unavailable">{t('forms.picker.assetsUnavailable')}</Unavailable>;
  if (!configured) return <Unavailable testId="catalog-unconfigured">{t('forms.picker.noDataSource')}</Unavailable>;
  if (problem) {
    return <Unavailable testId="catalog-unavailable">{problem === 'forbidden' ? t('forms.picker.forbidden') : t('forms.picker.unavailable')}</Unavailable>;
  }

  const labelOf = new Map<string, PickerOption>(known);
  looked.forEach((result, at) => {
    if (result.data) labelOf.set(missing[at]!, result.data);
  });
  const data: ComboboxItem[] = [];
  const seen = new Set<string>();
  const push = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const option = labelOf.get(id);
    data.push({ value: id, label: option ? (option.detail ? `${option.label} · ${option.detail}` : option.label) : id });
  };
  selected.forEach(push);
  (options.data?.options ?? []).forEach((option) => push(option.id));
  // more match than the page shows: a last line, not choosable, asks to narrow the search
  if (options.data?.more) data.push({ value: MORE, label: t('forms.picker.more'), disabled: true });

  // people are found by the words of their names and positions: what the search matched is marked
  // (not in the rows of an earlier search still shown while the next one loads)
  const marking = kind === 'user' && debounced.trim() !== '' && !options.isPlaceholderData ? parsePersonSearch(debounced.trim()) : null;
  const renderOption = marking
    ? ({ option, checked }: ComboboxLikeRenderOptionInput<ComboboxItem>) => {
        const picked = labelOf.get(option.value);
        return (
          <Group gap={6} wrap="nowrap">
            {checked ? <CheckIcon size={10} style={{ opacity: 0.4, flex: 'none' }} /> : null}
            <span>
              {picked ? <MarkedText text={picked.label} search={marking} /> : option.label}
              {picked?.detail ? (
                <>
                  {' · '}
                  <MarkedText text={picked.detail} search={marking} kind="title" />
                </>
              ) : null}
            </span>
          </Group>
        );
      }
    : undefined;
  const maxValidator = isMultiple && isValidatorEnabled(field.type, 'max_length', validatorFlags) ? field.validators.find((entry) => entry.type === 'max_length') : undefined;
  const maxValues = maxValidator?.type === 'max_length' ? maxValidator.limit_value : undefined;
  const noun = FIELD_TYPE_INFO[field.type].noun ?? 'record';
  const common = {
    id: inputId,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: ({ options: all }: { options: ComboboxItem[] }) => all,
    onDropdownOpen: () => setOpened(true),
    onBlur,
    disabled,
    error: invalid,
    placeholder: field.placeholder ?? t('forms.picker.search'),
    nothingFoundMessage: options.isFetching ? t('common.loading') : t('forms.picker.nothingFound'),
    rightSection: options.isFetching ? <Loader size="xs" /> : undefined,
    comboboxProps: { position: 'bottom' as const },
    renderOption,
    'aria-describedby': describedBy,
  };
  if (isMultiple) {
    return (
      <>
        <MultiSelect {...(common as object)} value={selected} onChange={(next) => onChange(next)} maxValues={maxValues} hidePickedOptions clearable data-testid="picker-input" />
        {maxValues !== undefined && selected.length >= maxValues && <div className={classes.hint}>{limitReachedMessage(noun)}</div>}
        {audienceQuery.data && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('forms.picker.audience', { name: audienceQuery.data.name })}
          </Text>
        )}
      </>
    );
  }
  return (
    <>
      <Select {...(common as object)} value={selected[0] ?? null} onChange={(next) => onChange(next)} clearable data-testid="picker-input" />
      {audienceQuery.data && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('forms.picker.audience', { name: audienceQuery.data.name })}
        </Text>
      )}
    </>
  );
}
