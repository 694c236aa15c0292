import { Checkbox, Group, Radio, Select, SimpleGrid, Text } from '@mantine/core';
import { useEffect } from 'react';
import { limitReachedMessage } from '@faena/domain/forms/messages';
import { selectValueOrFirst } from '@faena/domain/forms/numbers';
import type { Choice, FieldOf } from '@faena/domain/forms/schema';
import { isValidatorEnabled } from '@faena/domain/forms/validator-flags';
import type { FieldProps } from '../field-props.ts';
import { useRenderer } from '../renderer-context.ts';
import { ChoiceList } from './choice-list.tsx';
import { ClearLink } from './clear-link.tsx';
import classes from '../forms.module.css';

/** More choices than this, without images, are offered in a select. */
const RADIO_LIMIT = 7;

function hasImages(choices: readonly Choice[]): boolean {
  return choices.some((choice) => typeof choice.image === 'string' && choice.image.trim() !== '');
}

function isSelectStyle(field: FieldOf<'multiple_choice'>): boolean {
  if (hasImages(field.choices)) return false;
  const style = field.style_class?.split(/\s+/) ?? [];
  if (style.includes('radio')) return false;
  return style.includes('select') || style.includes('dropdown') || field.choices.length > RADIO_LIMIT;
}

function ChoiceImage({ choice }: { choice: Choice }) {
  if (!choice.image) return <div className={classes.choiceImage} aria-hidden="true" />;
  return <img className={classes.choiceImage} src={choice.image} alt="" loading="lazy" />;
}

export function MultipleChoiceField(props: FieldProps<FieldOf<'multiple_choice'>>) {
  const { field, value, onChange, onBlur, disabled, inputId, describedBy, invalid } = props;
  const current = typeof value === 'string' ? value : null;
  const options = field.choices.map((choice) => choice.choice);
  const asSelect = isSelectStyle(field);
  // Spec §5: a select falls back to its first option when the value is not among its options.
  const shown = asSelect ? (selectValueOrFirst(current, options) ?? null) : current;
  useEffect(() => {
    if (asSelect && shown !== null && shown !== current && !disabled) onChange(shown);
  }, [asSelect, shown, current, disabled, onChange]);

  if (asSelect) {
    return (
      <Select
        id={inputId}
        data={options}
        value={shown}
        onChange={(next) => onChange(next)}
        onBlur={onBlur}
        disabled={disabled}
        error={invalid}
        searchable={options.length > 10}
        allowDeselect={false}
        placeholder={field.placeholder ?? undefined}
        comboboxProps={{ position: 'bottom' }}
        aria-describedby={describedBy}
      />
    );
  }
  const clear = current !== null && !field.required && !disabled && <ClearLink onClear={() => onChange(null)} />;
  if (hasImages(field.choices)) {
    return (
      <Radio.Group value={current} onChange={onChange} aria-describedby={describedBy}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {/* The builder's preview can hold two equal choices while the editor marks them: the position keeps keys apart. */}
          {field.choices.map((choice, at) => (
            <Radio.Card key={`${at}:${choice.choice}`} value={choice.choice} disabled={disabled} className={classes.choiceCard} p="xs" radius="md" onBlur={onBlur}>
              <ChoiceImage choice={choice} />
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Radio.Indicator size="sm" disabled={disabled} />
                <Text size="sm">{choice.choice}</Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
        {clear && <Group mt="xs">{clear}</Group>}
      </Radio.Group>
    );
  }
  return (
    <>
      <ChoiceList
        kind="radio"
        name={inputId}
        options={field.choices.map((choice) => ({ value: choice.choice, label: choice.choice }))}
        selected={current === null ? [] : [current]}
        onToggle={(next) => onChange(next)}
        onBlur={onBlur}
        isDisabled={() => disabled}
        describedBy={describedBy}
      />
      {clear && <div className={`${classes.row} ${classes.belowChoices}`}>{clear}</div>}
    </>
  );
}

export function CheckboxesField(props: FieldProps<FieldOf<'checkboxes'>>) {
  const { field, value, onChange, onBlur, disabled, describedBy, inputId } = props;
  const { validatorFlags } = useRenderer();
  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const maxValidator = isValidatorEnabled(field.type, 'max_length', validatorFlags) ? field.validators.find((validator) => validator.type === 'max_length') : undefined;
  const limit = maxValidator?.type === 'max_length' ? maxValidator.limit_value : undefined;
  const atLimit = limit !== undefined && selected.length >= limit;
  const change = (next: string[]) => onChange(next.length === 0 ? [] : field.choices.map((choice) => choice.choice).filter((choice) => next.includes(choice)));
  const isOff = (choice: string) => disabled || (atLimit && !selected.includes(choice));
  const hint = atLimit ? <div className={classes.hint}>{limitReachedMessage('option')}</div> : null;
  if (hasImages(field.choices)) {
    return (
      <Checkbox.Group value={selected} onChange={change} aria-describedby={describedBy}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {field.choices.map((choice, at) => (
            <Checkbox.Card key={`${at}:${choice.choice}`} value={choice.choice} disabled={isOff(choice.choice)} className={classes.choiceCard} p="xs" radius="md" onBlur={onBlur}>
              <ChoiceImage choice={choice} />
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Checkbox.Indicator size="sm" disabled={isOff(choice.choice)} />
                <Text size="sm">{choice.choice}</Text>
              </Group>
            </Checkbox.Card>
          ))}
        </SimpleGrid>
        {hint}
      </Checkbox.Group>
    );
  }
  return (
    <>
      <ChoiceList
        kind="checkbox"
        name={inputId}
        options={field.choices.map((choice) => ({ value: choice.choice, label: choice.choice }))}
        selected={selected}
        onToggle={(choice, checked) => change(checked ? [...selected, choice] : selected.filter((item) => item !== choice))}
        onBlur={onBlur}
        isDisabled={isOff}
        describedBy={describedBy}
      />
      {hint}
    </>
  );
}
