import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';

/** Spec §5: required fields carry a red asterisk, or optional ones the word "optional" — by configuration. */
export function MarkerStyleToggle({ value, onChange }: { value: RequiredMarkerStyle; onChange: (value: RequiredMarkerStyle) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as RequiredMarkerStyle)}
      aria-label={t('formBuilder.marker.label')}
      data={[
        { value: 'asterisk', label: t('formBuilder.marker.asterisk') },
        { value: 'optional-word', label: t('formBuilder.marker.optional') },
      ]}
    />
  );
}
