import { Alert, Anchor, Collapse, Divider, Group, List, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { availableValidators } from '@faena/domain/forms/validator-flags';
import { isInputField } from '@faena/domain/forms/values';
import { uploadRichTextImage } from '../submission.ts';
import { pathKey, useBuilder } from './builder-context.ts';
import { listAt, nameFromLabel, namesOf, problemsOf, updateField, type DraftProblem, type ListPath } from './draft.ts';
import { ShowIfEditor } from './show-if-editor.tsx';
import { TypeSettings } from './type-settings.tsx';
import { ValidatorsEditor } from './validators-editor.tsx';

const RichTextEditor = lazy(() => import('../rich-text/rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })));

/** Types whose input shows a placeholder. */
const WITH_PLACEHOLDER = new Set([
  'text',
  'code',
  'integer',
  'float',
  'decimal',
  'date',
  'datetime',
  'date_range',
  'multiple_choice',
  'venue',
  'venues',
  'user',
  'users',
  'location',
  'locations',
  'data_source',
  'rich_text',
]);

export type FieldUpdate = (update: (field: FormField) => FormField) => void;

/** Messages of problems about one key of the field (label, name, choices…). */
export function messagesFor(problems: readonly DraftProblem[], key: string): string | undefined {
  const found = problems.filter((problem) => problem.key === key).map((problem) => problem.message);
  return found.length > 0 ? found.join(' · ') : undefined;
}

/** The settings of one field: common keys, its type's extras, validators and condition. */
export function FieldSettings({ field, listPath }: { field: FormField; listPath: ListPath }) {
  const { t } = useTranslation();
  const { fields, setFields, problems, saved, isAutoNamed, setManualName, validatorFlags } = useBuilder();
  const ids = [...listPath, field.id];
  const key = pathKey(ids);
  const own = problemsOf(problems, ids);
  const update: FieldUpdate = (change) => setFields((current) => updateField(current, listPath, field.id, change));
  const [advanced, setAdvanced] = useState(false);
  const known = new Set(['label', 'name', 'choices', 'show_if', 'validators', 'text', 'start', 'stop', 'step', 'interpretations', 'max', 'labels', 'min', 'format', 'max_files']);
  const other = own.filter((problem) => !known.has(problem.key));

  if (!isInputField(field)) {
    return (
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id={`${key}-text-label`}>
            {t('formBuilder.settings.text')}
          </Text>
          <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
            <RichTextEditor
              value={field.text}
              onChange={(html) => update((current) => ({ ...current, text: html }))}
              labelledBy={`${key}-text-label`}
              allowVideo
              uploadImage={uploadRichTextImage}
              minHeight={100}
            />
          </Suspense>
          {messagesFor(own, 'text') && (
            <Text size="xs" c="red.9">
              {messagesFor(own, 'text')}
            </Text>
          )}
        </div>
        <ShowIfEditor field={field} listPath={listPath} problem={messagesFor(own, 'show_if')} update={update} />
      </Stack>
    );
  }

  const isSaved = saved.has(key);
  const siblings = listAt(fields, listPath).filter((candidate) => candidate.id !== field.id);
  const setLabel = (label: string) =>
    update((current) => {
      if (!isInputField(current)) return current;
      // A new field's name follows its label until it is saved or renamed by hand.
      const name = !isSaved && isAutoNamed(key) ? nameFromLabel(label, namesOf(siblings), `campo_${String(current.id)}`) : current.name;
      return { ...current, label, name };
    });
  const set = <K extends keyof InputField>(name: K, value: InputField[K]) => update((current) => ({ ...current, [name]: value }) as FormField);
  const validatorTypes = availableValidators(field.type, validatorFlags);

  return (
    <Stack gap="sm">
      {other.length > 0 && (
        <Alert color="red" variant="light" py="xs">
          <List size="sm">
            {other.map((problem, at) => (
              <List.Item key={at}>{problem.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <TextInput
        label={t('formBuilder.settings.label')}
        value={field.label}
        onChange={(event) => setLabel(event.currentTarget.value)}
        error={messagesFor(own, 'label')}
        data-testid="setting-label"
        data-autofocus
      />
      <TextInput
        label={t('formBuilder.settings.name')}
        description={isSaved ? t('formBuilder.settings.nameLocked') : t('formBuilder.settings.nameHint')}
        value={field.name}
        readOnly={isSaved}
        disabled={isSaved}
        onChange={(event) => {
          setManualName(key);
          set('name', event.currentTarget.value);
        }}
        error={messagesFor(own, 'name')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="setting-name"
      />
      <Textarea
        label={t('formBuilder.settings.description')}
        value={field.description ?? ''}
        onChange={(event) => set('description', event.currentTarget.value || null)}
        autosize
        minRows={1}
        maxRows={6}
      />
      {WITH_PLACEHOLDER.has(field.type) && (
        <TextInput label={t('formBuilder.settings.placeholder')} value={field.placeholder ?? ''} onChange={(event) => set('placeholder', event.currentTarget.value || null)} />
      )}
      <Group gap="lg">
        <Switch label={t('formBuilder.settings.required')} checked={field.required} onChange={(event) => set('required', event.currentTarget.checked)} data-testid="setting-required" />
        <Switch label={t('formBuilder.settings.skippable')} checked={field.skippable} onChange={(event) => set('skippable', event.currentTarget.checked)} data-testid="setting-skippable" />
      </Group>
      {field.required && (
        <TextInput
          label={t('formBuilder.settings.requiredMessage')}
          placeholder="This field is required"
          value={field.required_message ?? ''}
          onChange={(event) => set('required_message', event.currentTarget.value || null)}
        />
      )}
      <TypeSettings field={field} update={update} problems={own} listPath={listPath} />
      {validatorTypes.length > 0 && (
        <>
          <Divider label={t('formBuilder.validators.title')} labelPosition="left" />
          <ValidatorsEditor field={field} types={validatorTypes} update={update} problems={own} />
        </>
      )}
      <Divider label={t('formBuilder.showIf.title')} labelPosition="left" />
      <ShowIfEditor field={field} listPath={listPath} problem={messagesFor(own, 'show_if')} update={update} />
      <Anchor component="button" type="button" size="sm" onClick={() => setAdvanced((open) => !open)} aria-expanded={advanced} style={{ alignSelf: 'flex-start' }}>
        {advanced ? t('formBuilder.settings.hideAdvanced') : t('formBuilder.settings.advanced')}
      </Anchor>
      <Collapse expanded={advanced}>
        <Stack gap="sm">
          <Group gap="lg">
            <Switch label={t('formBuilder.settings.readonly')} checked={field.readonly === true} onChange={(event) => set('readonly', event.currentTarget.checked || null)} />
            <Switch label={t('formBuilder.settings.disabled')} checked={field.disabled === true} onChange={(event) => set('disabled', event.currentTarget.checked || null)} />
          </Group>
          <TextInput label={t('formBuilder.settings.styleClass')} value={field.style_class ?? ''} onChange={(event) => set('style_class', event.currentTarget.value || null)} />
        </Stack>
      </Collapse>
    </Stack>
  );
}
