import { ActionIcon, Button, Group, Menu, NumberInput, Paper, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_INFO } from '@faena/domain/forms/field-types';
import { BYTES_PER_MEGABYTE } from '@faena/domain/forms/format';
import { allowedFormatsMessage, FORM_MESSAGES, fileSizeMessage, valueBoundMessage } from '@faena/domain/forms/messages';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { lengthMessage } from '@faena/domain/forms/validate';
import type { ValidatorType } from '@faena/domain/forms/validator-flags';
import { compileRegex, isSafeRegex, type Validator } from '@faena/domain/forms/validators-schema';
import type { DraftProblem } from './draft.ts';
import type { FieldUpdate } from './field-settings.tsx';

/** A new validator of a type, with a starting limit. */
function newValidator(type: ValidatorType, field: InputField): Validator {
  switch (type) {
    case 'min_length':
      return { type, limit_value: 1 };
    case 'max_length':
      return { type, limit_value: field.type === 'text' || field.type === 'code' || field.type === 'rich_text' ? 100 : 3 };
    case 'regex':
      return { type, regex: '^.*$' };
    case 'min_value':
      return { type, value: field.type === 'date' ? '2024-01-01' : field.type === 'time' ? '08:00' : 0 };
    case 'max_value':
      return { type, value: field.type === 'date' ? '2030-12-31' : field.type === 'time' ? '18:00' : 100 };
    case 'min_file_size':
      return { type, limit_value: 0 };
    case 'max_file_size':
      return { type, limit_value: 20 * BYTES_PER_MEGABYTE };
    case 'allowed_formats':
      return { type, formats: field.type === 'image' || field.type === 'images' ? ['jpeg', 'png'] : ['pdf'] };
    case 'email':
    case 'rut':
      return { type };
  }
}

/** The message the validator gives when it has none of its own (spec §5), shown as a hint. */
function defaultMessage(validator: Validator, field: InputField): string {
  const isPlural = FIELD_TYPE_INFO[field.type].isPlural;
  switch (validator.type) {
    case 'min_length':
      return lengthMessage(field, 'min', validator.limit_value);
    case 'max_length':
      return lengthMessage(field, 'max', validator.limit_value);
    case 'regex':
      return FORM_MESSAGES.invalid;
    case 'email':
      return FORM_MESSAGES.email;
    case 'rut':
      return FORM_MESSAGES.invalidRut;
    case 'min_value':
      return valueBoundMessage('min', validator.value);
    case 'max_value':
      return valueBoundMessage('max', validator.value);
    case 'min_file_size':
      return fileSizeMessage('min', validator.limit_value, isPlural);
    case 'max_file_size':
      return fileSizeMessage('max', validator.limit_value, isPlural);
    case 'allowed_formats':
      return allowedFormatsMessage(validator.formats, isPlural);
  }
}

function regexProblem(pattern: string, t: (key: string) => string): string | undefined {
  if (!isSafeRegex(pattern)) return t('formBuilder.validators.regexUnsafe');
  return compileRegex(pattern) ? undefined : t('formBuilder.validators.regexInvalid');
}

/** The field's validators (spec §3 Validator) with their limits and custom messages (spec §5). */
export function ValidatorsEditor({ field, types, update, problems }: { field: InputField; types: ValidatorType[]; update: FieldUpdate; problems: DraftProblem[] }) {
  const { t } = useTranslation();
  const used = new Set(field.validators.map((validator) => validator.type));
  const free = types.filter((type) => !used.has(type));
  const setValidators = (validators: Validator[]) => update((current) => ({ ...current, validators }) as FormField);
  const change = (at: number, next: Validator) => setValidators(field.validators.map((validator, index) => (index === at ? next : validator)));
  const isOrdered = field.type === 'date' || field.type === 'time';
  const listProblem = problems
    .filter((problem) => problem.key === 'validators')
    .map((problem) => problem.message)
    .join(' · ');

  return (
    <Stack gap="xs">
      {field.validators.map((validator, at) => (
        <Paper key={`${validator.type}-${at}`} withBorder p="xs" radius="sm" data-testid={`validator-${validator.type}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {t(`formBuilder.validators.types.${validator.type}`)}
              </Text>
              <ActionIcon variant="subtle" color="red" aria-label={t('formBuilder.validators.remove')} onClick={() => setValidators(field.validators.filter((_, index) => index !== at))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {(validator.type === 'min_length' || validator.type === 'max_length') && (
              <NumberInput
                size="xs"
                label={t('formBuilder.validators.limit')}
                value={validator.limit_value}
                min={0}
                allowDecimal={false}
                onChange={(value) => change(at, { ...validator, limit_value: Math.max(0, Number(value) || 0) })}
                w={160}
                data-testid="validator-limit"
              />
            )}
            {(validator.type === 'min_file_size' || validator.type === 'max_file_size') && (
              <NumberInput
                size="xs"
                label={t('formBuilder.validators.sizeMb')}
                value={Math.round((validator.limit_value / BYTES_PER_MEGABYTE) * 100) / 100}
                min={0}
                decimalScale={2}
                onChange={(value) => change(at, { ...validator, limit_value: Math.round((Number(value) || 0) * BYTES_PER_MEGABYTE) })}
                w={160}
              />
            )}
            {validator.type === 'regex' && (
              <TextInput
                size="xs"
                label={t('formBuilder.validators.regex')}
                value={validator.regex}
                onChange={(event) => change(at, { ...validator, regex: event.currentTarget.value })}
                error={regexProblem(validator.regex, t)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            )}
            {(validator.type === 'min_value' || validator.type === 'max_value') &&
              (isOrdered ? (
                <TextInput
                  size="xs"
                  label={t('formBuilder.validators.value')}
                  placeholder={field.type === 'date' ? 'YYYY-MM-DD' : 'HH:mm'}
                  value={String(validator.value)}
                  onChange={(event) => change(at, { ...validator, value: event.currentTarget.value })}
                  w={200}
                />
              ) : (
                <NumberInput
                  size="xs"
                  label={t('formBuilder.validators.value')}
                  value={typeof validator.value === 'number' ? validator.value : ''}
                  onChange={(value) => change(at, { ...validator, value: Number(value) || 0 })}
                  w={200}
                  data-testid="validator-value"
                />
              ))}
            {validator.type === 'allowed_formats' && (
              <TagsInput
                size="xs"
                label={t('formBuilder.validators.formats')}
                value={validator.formats}
                onChange={(formats) => change(at, { ...validator, formats: formats.map((format) => format.trim().toLowerCase().replace(/^\./, '')) })}
              />
            )}
            <TextInput
              size="xs"
              label={t('formBuilder.validators.message')}
              placeholder={defaultMessage(validator, field)}
              value={validator.message ?? ''}
              onChange={(event) => change(at, { ...validator, message: event.currentTarget.value || null })}
              data-testid="validator-message"
            />
          </Stack>
        </Paper>
      ))}
      {listProblem && (
        <Text size="xs" c="red.9">
          {listProblem}
        </Text>
      )}
      {free.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} data-testid="validator-add">
              {t('formBuilder.validators.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {free.map((type) => (
              <Menu.Item key={type} onClick={() => setValidators([...field.validators, newValidator(type, field)])} data-testid={`validator-add-${type}`}>
                {t(`formBuilder.validators.types.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
