import { ActionIcon, Alert, Button, Divider, Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormatProblem } from '@faena/domain/forms/dates';
import { EMOTION_SCALES, type FieldType } from '@faena/domain/forms/field-types';
import { audienceId } from '@faena/domain/forms/references';
import { IMAGE_SOURCES, type Choice, type FieldOf, type FormField, type InputField, type Interpretation } from '@faena/domain/forms/schema';
import { audiencesQueryOptions, dataSourcesQueryOptions, catalogProblem } from '../api/catalogs.ts';
import type { DraftProblem, ListPath } from './draft.ts';
import { FieldListEditor } from './field-list-editor.tsx';
import { FieldPickerMenu } from './field-picker.tsx';
import { messagesFor, type FieldUpdate } from './field-settings.tsx';
import { useBuilder } from './builder-context.ts';

interface TypeSettingsProps {
  field: InputField;
  update: FieldUpdate;
  problems: DraftProblem[];
  listPath: ListPath;
}

function patch<T extends FormField>(update: FieldUpdate, change: Partial<T>) {
  update((current) => ({ ...current, ...change }) as FormField);
}

const num = (value: string | number) => (typeof value === 'number' ? value : value === '' ? null : Number(value));

/** The extras of the field's type (spec §3 "Type-specific extras"). */
export function TypeSettings({ field, update, problems, listPath }: TypeSettingsProps) {
  switch (field.type) {
    case 'multiple_choice':
    case 'checkboxes':
      return <ChoicesSettings field={field} update={update} problems={problems} />;
    case 'value_in_num_range':
      return <ScaleSettings field={field} update={update} problems={problems} />;
    case 'stars':
    case 'reactions':
    case 'emotion':
      return <RatingSettings field={field} update={update} problems={problems} />;
    case 'integer':
    case 'float':
    case 'decimal':
    case 'num_range':
      return <NumberSettings field={field} update={update} problems={problems} />;
    case 'venue':
    case 'venues':
    case 'user':
    case 'users':
    case 'location':
    case 'locations':
    case 'assets':
      return <AudienceSettings field={field} update={update} />;
    case 'data_source':
      return <DataSourceSettings field={field} update={update} />;
    case 'date':
      return <DateSettings field={field} update={update} problems={problems} />;
    case 'files':
      return <FilesSettings field={field} update={update} problems={problems} />;
    case 'image':
    case 'images':
      return <ImageSourceSettings field={field} update={update} />;
    case 'text':
      return <TextSettings field={field} update={update} />;
    case 'form':
      return <SubformSettings field={field} listPath={listPath} />;
    default:
      return null;
  }
}

function FilesSettings({ field, update, problems }: { field: FieldOf<'files'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('formBuilder.settings.maxFiles')}
      description={t('formBuilder.settings.maxFilesHint')}
      value={field.max_files ?? ''}
      min={1}
      max={1000}
      allowDecimal={false}
      onChange={(value) => patch<FieldOf<'files'>>(update, { max_files: num(value) })}
      error={messagesFor(problems, 'max_files')}
      w={200}
    />
  );
}

function TextSettings({ field, update }: { field: FieldOf<'text'>; update: FieldUpdate }) {
  const { t } = useTranslation();
  const classes = (field.style_class ?? '').split(/\s+/).filter(Boolean);
  const isLong = classes.includes('textarea');
  return (
    <Switch
      label={t('formBuilder.settings.longText')}
      checked={isLong}
      onChange={(event) => {
        const next = event.currentTarget.checked ? [...classes.filter((name) => name !== 'textarea'), 'textarea'] : classes.filter((name) => name !== 'textarea');
        patch<FieldOf<'text'>>(update, { style_class: next.join(' ') || null });
      }}
    />
  );
}

function ChoicesSettings({ field, update, problems }: { field: FieldOf<'multiple_choice' | 'checkboxes'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const [withImages, setWithImages] = useState(() => field.choices.some((choice) => Boolean(choice.image)));
  const setChoices = (choices: Choice[]) => patch<FieldOf<'multiple_choice'>>(update, { choices });
  const change = (at: number, value: Partial<Choice>) => setChoices(field.choices.map((choice, index) => (index === at ? { ...choice, ...value } : choice)));
  const move = (from: number, to: number) => {
    const next = [...field.choices];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setChoices(next);
  };
  const style = (field.style_class ?? '').split(/\s+/).filter(Boolean);
  const display = style.includes('select') ? 'select' : style.includes('radio') ? 'radio' : 'auto';
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.choices.title')} labelPosition="left" />
      {field.choices.map((choice, at) => (
        <Stack key={at} gap={4}>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              value={choice.choice}
              onChange={(event) => change(at, { choice: event.currentTarget.value })}
              aria-label={t('formBuilder.choices.option', { n: at + 1 })}
              placeholder={t('formBuilder.choices.option', { n: at + 1 })}
              data-testid={`choice-${at}`}
            />
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('formBuilder.card.up')} disabled={at === 0} onClick={() => move(at, at - 1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('formBuilder.card.down')} disabled={at === field.choices.length - 1} onClick={() => move(at, at + 1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('formBuilder.choices.remove', { n: at + 1 })}
              disabled={field.choices.length <= 1}
              onClick={() => setChoices(field.choices.filter((_, index) => index !== at))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          {withImages && (
            <TextInput
              size="xs"
              value={choice.image ?? ''}
              onChange={(event) => change(at, { image: event.currentTarget.value || null })}
              placeholder="https://…"
              aria-label={t('formBuilder.choices.image', { n: at + 1 })}
            />
          )}
        </Stack>
      ))}
      {messagesFor(problems, 'choices') && (
        <Text size="xs" c="red.9">
          {messagesFor(problems, 'choices')}
        </Text>
      )}
      <Group gap="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setChoices([...field.choices, { choice: t('formBuilder.choices.option', { n: field.choices.length + 1 }) }])}
          data-testid="choice-add"
        >
          {t('formBuilder.choices.add')}
        </Button>
        <Switch size="sm" label={t('formBuilder.choices.withImages')} checked={withImages} onChange={(event) => setWithImages(event.currentTarget.checked)} />
      </Group>
      {field.type === 'multiple_choice' && (
        <Select
          label={t('formBuilder.choices.display')}
          data={[
            { value: 'auto', label: t('formBuilder.choices.displayAuto') },
            { value: 'radio', label: t('formBuilder.choices.displayRadio') },
            { value: 'select', label: t('formBuilder.choices.displaySelect') },
          ]}
          value={display}
          allowDeselect={false}
          onChange={(value) => {
            const rest = style.filter((name) => name !== 'select' && name !== 'radio');
            const next = value === 'auto' || !value ? rest : [...rest, value];
            patch<FieldOf<'multiple_choice'>>(update, { style_class: next.join(' ') || null });
          }}
        />
      )}
    </Stack>
  );
}

function ScaleSettings({ field, update, problems }: { field: FieldOf<'value_in_num_range'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const setInterpretations = (interpretations: Interpretation[]) => patch<FieldOf<'value_in_num_range'>>(update, { interpretations });
  const change = (at: number, value: Interpretation) => setInterpretations(field.interpretations.map((entry, index) => (index === at ? value : entry)));
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.scale.title')} labelPosition="left" />
      <Group grow gap="xs" align="flex-start">
        {/* Spec §3: the minimum has min 0, the maximum min 1, the step min 0. */}
        <NumberInput
          label={t('formBuilder.scale.start')}
          value={field.start}
          min={0}
          onChange={(value) => patch<FieldOf<'value_in_num_range'>>(update, { start: num(value) ?? 0 })}
          error={messagesFor(problems, 'start')}
          data-testid="scale-start"
        />
        <NumberInput
          label={t('formBuilder.scale.stop')}
          value={field.stop}
          min={1}
          onChange={(value) => patch<FieldOf<'value_in_num_range'>>(update, { stop: num(value) ?? 1 })}
          error={messagesFor(problems, 'stop')}
          data-testid="scale-stop"
        />
        <NumberInput
          label={t('formBuilder.scale.step')}
          value={field.step}
          min={0}
          decimalScale={4}
          onChange={(value) => patch<FieldOf<'value_in_num_range'>>(update, { step: num(value) ?? 0 })}
          error={messagesFor(problems, 'step')}
        />
      </Group>
      <Group grow gap="xs">
        <TextInput
          label={t('formBuilder.scale.startLabel')}
          value={field.start_label ?? ''}
          onChange={(event) => patch<FieldOf<'value_in_num_range'>>(update, { start_label: event.currentTarget.value || null })}
        />
        <TextInput
          label={t('formBuilder.scale.stopLabel')}
          value={field.stop_label ?? ''}
          onChange={(event) => patch<FieldOf<'value_in_num_range'>>(update, { stop_label: event.currentTarget.value || null })}
        />
      </Group>
      <Text size="sm" fw={500}>
        {t('formBuilder.scale.interpretations')}
      </Text>
      {field.interpretations.map((entry, at) => (
        <Group key={at} gap={4} wrap="nowrap" align="flex-end">
          <Select
            w={110}
            aria-label={t('formBuilder.scale.kind')}
            data={[
              { value: 'between', label: t('formBuilder.scale.between') },
              { value: 'equal', label: t('formBuilder.scale.equal') },
            ]}
            value={entry.type}
            allowDeselect={false}
            onChange={(value) =>
              change(
                at,
                value === 'equal'
                  ? { type: 'equal', start: entry.start, name: entry.name }
                  : { type: 'between', start: entry.start, stop: entry.type === 'between' ? entry.stop : entry.start, name: entry.name },
              )
            }
          />
          <NumberInput w={80} aria-label={t('formBuilder.scale.from')} value={entry.start} onChange={(value) => change(at, { ...entry, start: num(value) ?? 0 })} />
          {entry.type === 'between' && <NumberInput w={80} aria-label={t('formBuilder.scale.to')} value={entry.stop} onChange={(value) => change(at, { ...entry, stop: num(value) ?? 0 })} />}
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('formBuilder.scale.name')}
            placeholder={t('formBuilder.scale.name')}
            value={entry.name}
            onChange={(event) => change(at, { ...entry, name: event.currentTarget.value })}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('formBuilder.scale.remove')} onClick={() => setInterpretations(field.interpretations.filter((_, index) => index !== at))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {messagesFor(problems, 'interpretations') && (
        <Text size="xs" c="red.9">
          {messagesFor(problems, 'interpretations')}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() =>
          setInterpretations([...field.interpretations, { type: 'between', start: field.start, stop: field.stop, name: t('formBuilder.scale.defaultName', { n: field.interpretations.length + 1 }) }])
        }
      >
        {t('formBuilder.scale.add')}
      </Button>
    </Stack>
  );
}

function RatingSettings({ field, update, problems }: { field: FieldOf<'stars' | 'reactions' | 'emotion'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const setLabel = (at: number, text: string) => {
    const labels = Array.from({ length: field.max }, (_, index) => (index === at ? text : (field.labels[index] ?? '')));
    while (labels.length > 0 && labels[labels.length - 1] === '') labels.pop();
    patch<FieldOf<'stars'>>(update, { labels });
  };
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.rating.title')} labelPosition="left" />
      {field.type === 'emotion' ? (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('formBuilder.rating.levels')}
          </Text>
          <SegmentedControl
            data={EMOTION_SCALES.map((scale) => ({ value: String(scale), label: String(scale) }))}
            value={String(field.max)}
            onChange={(value) => patch<FieldOf<'emotion'>>(update, { max: Number(value), labels: field.labels.slice(0, Number(value)) })}
            aria-label={t('formBuilder.rating.levels')}
          />
        </div>
      ) : (
        <NumberInput
          label={t('formBuilder.rating.max')}
          value={field.max}
          min={1}
          max={field.type === 'reactions' ? 10 : 20}
          allowDecimal={false}
          onChange={(value) => {
            const max = Math.max(1, Math.min(field.type === 'reactions' ? 10 : 20, num(value) ?? 1));
            patch<FieldOf<'stars'>>(update, { max, labels: field.labels.slice(0, max) });
          }}
          error={messagesFor(problems, 'max')}
          w={160}
        />
      )}
      <Text size="sm" fw={500}>
        {t('formBuilder.rating.labels')}
      </Text>
      <Stack gap={4}>
        {Array.from({ length: Math.min(field.max, 20) }, (_, at) => (
          <TextInput
            key={at}
            size="xs"
            leftSection={<Text size="xs">{at + 1}</Text>}
            value={field.labels[at] ?? ''}
            onChange={(event) => setLabel(at, event.currentTarget.value)}
            aria-label={t('formBuilder.rating.label', { n: at + 1 })}
            placeholder={t('formBuilder.rating.label', { n: at + 1 })}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function NumberSettings({ field, update, problems }: { field: FieldOf<'integer' | 'float' | 'decimal' | 'num_range'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const integer = field.type === 'integer';
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.number.title')} labelPosition="left" />
      <Group grow gap="xs" align="flex-start">
        <NumberInput
          label={t('formBuilder.number.min')}
          value={field.min ?? ''}
          allowDecimal={!integer}
          onChange={(value) => patch<FieldOf<'integer'>>(update, { min: num(value) })}
          error={messagesFor(problems, 'min')}
        />
        <NumberInput
          label={t('formBuilder.number.max')}
          value={field.max ?? ''}
          allowDecimal={!integer}
          onChange={(value) => patch<FieldOf<'integer'>>(update, { max: num(value) })}
          error={messagesFor(problems, 'max')}
        />
        <NumberInput
          label={t('formBuilder.number.step')}
          placeholder={integer ? '1' : undefined}
          value={field.step ?? ''}
          min={0}
          decimalScale={6}
          onChange={(value) => patch<FieldOf<'integer'>>(update, { step: num(value) || null })}
          error={messagesFor(problems, 'step')}
        />
      </Group>
    </Stack>
  );
}

function AudienceSettings({ field, update }: { field: FieldOf<'venue' | 'venues' | 'user' | 'users' | 'location' | 'locations' | 'assets'>; update: FieldUpdate }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const audiences = useQuery(audiencesQueryOptions(search));
  const current = audienceId(field.audience);
  const problem = catalogProblem(audiences.error);
  const data = (audiences.data?.results ?? []).map((audience) => ({ value: audience.id, label: audience.name }));
  if (current && !data.some((item) => item.value === current)) data.unshift({ value: current, label: current });
  return (
    <Select
      label={t('formBuilder.audience.label')}
      description={problem ? t('formBuilder.audience.unavailable') : t('formBuilder.audience.hint')}
      placeholder={t('formBuilder.audience.none')}
      data={data}
      value={current}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      disabled={problem !== null && current === null}
      onChange={(value) => patch<FieldOf<'venue'>>(update, { audience: value })}
      nothingFoundMessage={t('forms.picker.nothingFound')}
    />
  );
}

function DataSourceSettings({ field, update }: { field: FieldOf<'data_source'>; update: FieldUpdate }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sources = useQuery(dataSourcesQueryOptions(search));
  const current = field.data_source_id === null || field.data_source_id === undefined ? null : String(field.data_source_id);
  const problem = catalogProblem(sources.error);
  const data = (sources.data?.results ?? []).map((source) => ({ value: source.id, label: source.rows_count !== undefined ? `${source.name} (${source.rows_count})` : source.name }));
  if (current && !data.some((item) => item.value === current)) data.unshift({ value: current, label: current });
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.dataSource.title')} labelPosition="left" />
      {problem && (
        <Alert color="gray" variant="light" py="xs">
          {t('formBuilder.dataSource.unavailable')}
        </Alert>
      )}
      <Select
        label={t('formBuilder.dataSource.source')}
        data={data}
        value={current}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        clearable
        onChange={(value) => patch<FieldOf<'data_source'>>(update, { data_source_id: value })}
        nothingFoundMessage={t('forms.picker.nothingFound')}
        data-testid="setting-data-source"
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('formBuilder.dataSource.displayKey')}
        </Text>
        <SegmentedControl
          data={[
            { value: 'label', label: t('formBuilder.dataSource.label') },
            { value: 'key', label: t('formBuilder.dataSource.key') },
          ]}
          value={field.display_key === 'key' ? 'key' : 'label'}
          onChange={(value) => patch<FieldOf<'data_source'>>(update, { display_key: value })}
        />
      </div>
    </Stack>
  );
}

function DateSettings({ field, update, problems }: { field: FieldOf<'date'>; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const problem = dateFormatProblem(field);
  return (
    <TextInput
      label={t('formBuilder.settings.dateFormat')}
      description={t('formBuilder.settings.dateFormatHint')}
      placeholder="YYYY-MM-DD"
      value={field.format ?? ''}
      onChange={(event) => patch<FieldOf<'date'>>(update, { format: event.currentTarget.value || null })}
      error={messagesFor(problems, 'format') ?? problem ?? undefined}
    />
  );
}

function ImageSourceSettings({ field, update }: { field: FieldOf<'image' | 'images'>; update: FieldUpdate }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('formBuilder.settings.imageSource')}
      data={IMAGE_SOURCES.map((source) => ({ value: source, label: t(`formBuilder.imageSources.${source}`) }))}
      value={field.source}
      allowDeselect={false}
      onChange={(value) => value && patch<FieldOf<'image'>>(update, { source: value as FieldOf<'image'>['source'] })}
    />
  );
}

/** Sub-forms nest fields one level at a time (the schema allows four levels). */
const NO_NESTING: readonly FieldType[] = ['form'];

function SubformSettings({ field, listPath }: { field: FieldOf<'form'>; listPath: ListPath }) {
  const { t } = useTranslation();
  const { addField } = useBuilder();
  const path = [...listPath, field.id];
  return (
    <Stack gap="xs">
      <Divider label={t('formBuilder.subform.title')} labelPosition="left" />
      <FieldListEditor fields={field.fields} listPath={path} />
      <FieldPickerMenu onPick={(type) => addField(type, path)} exclude={path.length >= 3 ? NO_NESTING : undefined} label={t('formBuilder.subform.add')} variant="default" testId="subform-add" />
    </Stack>
  );
}
