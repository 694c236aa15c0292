import type { FieldOf } from '@faena/domain/forms/schema';
import { RichHtml } from '../rich-html.tsx';
import classes from '../forms.module.css';

/** A display text is not an input (spec §3): its text, sanitised, with any video embeds. */
export function DisplayTextField({ field }: { field: FieldOf<'display_text'> }) {
  if (field.text.trim() === '') return null;
  return <RichHtml html={field.text} className={[classes.displayText, field.style_class ?? ''].join(' ').trim()} testId={`display-${String(field.id)}`} />;
}
