import { Text } from '@mantine/core';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';
import { useFieldT } from '../renderer-context.ts';
import { FieldList } from '../field-host.tsx';
import classes from '../forms.module.css';

/** A nested sub-form: its own fields, answered as one object under the field's name. */
export function SubformField({ field, path }: FieldProps<FieldOf<'form'>>) {
  const t = useFieldT();
  if (field.fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('forms.subformEmpty')}
      </Text>
    );
  }
  return (
    <div className={classes.subform}>
      <FieldList fields={field.fields} scope={path} />
    </div>
  );
}
