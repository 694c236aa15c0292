import { useFieldT } from '../renderer-context.ts';
import classes from '../forms.module.css';

/**
 * "Borrar selección" under an optional choice: a native button drawn like the library's Anchor
 * (size xs, underlined), which costs more to mount than the choice it clears.
 */
export function ClearLink({ onClear }: { onClear: () => void }) {
  const t = useFieldT();
  return (
    <button type="button" className={classes.linkButton} onClick={onClear}>
      {t('forms.clearChoice')}
    </button>
  );
}
