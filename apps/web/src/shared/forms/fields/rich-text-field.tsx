import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { RichTextEditor } from '../rich-text/rich-text-editor.tsx';

/** A rich_text answer: the editor (with images; blob images are uploaded on submit, spec §4). */
export function RichTextField({ field, value, onChange, onBlur, disabled, invalid, inputId, labelId, describedBy }: FieldProps<FieldOf<'rich_text'>>) {
  return (
    <RichTextEditor
      id={inputId}
      labelledBy={labelId}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      placeholder={field.placeholder ?? undefined}
    />
  );
}
