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
      {options.map((option, index) => (
        <label key={option.value} className={classes.choice}>
          <input
            id={index === 0 ? firstId : undefined}
            type={kind}
            name={name}
            value={option.value}
            checked={selected.includes(option.value)}
            disabled={isDisabled(option.value)}
            onChange={(event) => onToggle(option.value, event.currentTarget.checked)}
            onBlur={onBlur}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
