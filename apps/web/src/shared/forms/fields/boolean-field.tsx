import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { useFieldT } from '../renderer-context.ts';
import { ChoiceList } from './choice-list.tsx';
import { ClearLink } from './clear-link.tsx';
import classes from '../forms.module.css';

/**
 * Yes / no as two radios: unlike a checkbox, "not answered yet" stays visible, so a required
 * question cannot be answered "no" by default.
 */
export function BooleanField({ field, value, onChange, onBlur, disabled, describedBy, inputId }: FieldProps<FieldOf<'boolean'>>) {
  const t = useFieldT();
  const current = value === true ? 'true' : value === false ? 'false' : null;
  return (
    <div className={`${classes.row} ${classes.rowLg}`}>
      <ChoiceList
        kind="radio"
        row
        name={inputId}
        options={[
          { value: 'true', label: t('forms.yes') },
          { value: 'false', label: t('forms.no') },
        ]}
        selected={current === null ? [] : [current]}
        onToggle={(next) => onChange(next === 'true')}
        onBlur={onBlur}
        isDisabled={() => disabled}
        describedBy={describedBy}
      />
      {current !== null && !field.required && !disabled && <ClearLink onClear={() => onChange(null)} />}
    </div>
  );
}
