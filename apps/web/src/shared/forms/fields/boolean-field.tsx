import { Anchor, Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldOf } from '@faena/domain/forms/schema';
import type { FieldProps } from '../field-props.ts';

/**
 * Yes / no as two radios: unlike a checkbox, "not answered yet" stays visible, so a required
 * question cannot be answered "no" by default.
 */
export function BooleanField({ field, value, onChange, onBlur, disabled, describedBy }: FieldProps<FieldOf<'boolean'>>) {
  const { t } = useTranslation();
  const current = value === true ? 'true' : value === false ? 'false' : null;
  return (
    <Radio.Group value={current} onChange={(next) => onChange(next === 'true')} aria-describedby={describedBy}>
      <Group gap="lg">
        <Radio value="true" label={t('forms.yes')} disabled={disabled} onBlur={onBlur} />
        <Radio value="false" label={t('forms.no')} disabled={disabled} onBlur={onBlur} />
        {current !== null && !field.required && !disabled && (
          <Anchor component="button" type="button" size="xs" onClick={() => onChange(null)}>
            {t('forms.clearChoice')}
          </Anchor>
        )}
      </Group>
    </Radio.Group>
  );
}
