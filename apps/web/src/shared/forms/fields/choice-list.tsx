import classes from '../forms.module.css';

interface ChoiceListProps {
  /** radio: one value; checkbox: several. */
  kind: 'radio' | 'checkbox';
  name: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  onBlur: () => void;
  isDisabled: (value: string) => boolean;
  row?: boolean;
  describedBy?: string | undefined;
  firstId?: string;
}

/**
 * Native radios or checkboxes with their labels: accessible as they are, brand-coloured, and
 * several times cheaper to render than the library's components (forms run to hundreds of fields).
 */
export function ChoiceList({ kind, name, options, selected, onToggle, onBlur, isDisabled, row = false, describedBy, firstId }: ChoiceListProps) {
  return (
    <div className={row ? `${classes.choices} ${classes.choicesRow}` : classes.choices} role={kind === 'radio' ? 'radiogroup' : 'group'} aria-describedby={describedBy}>
      {options.map((option, index) => {
        const disabled = isDisabled(option.value);
        // The option's text follows its box in the label (no element of its own: a long form has
        // thousands of options).
        return (
          <label key={option.value} data-disabled={disabled || undefined}>
            <input
              id={index === 0 ? firstId : undefined}
              type={kind}
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              disabled={disabled}
              onChange={(event) => onToggle(option.value, event.currentTarget.checked)}
              onBlur={onBlur}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
