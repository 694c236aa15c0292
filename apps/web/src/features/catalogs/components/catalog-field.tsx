import { Input, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UPLOAD_BASE } from '@faena/contracts/documents';
import { fileDownloadLink, uploadIdFromLink } from '@faena/domain/forms/files';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { PhotoField } from '../../../shared/uploads/index.ts';
import type { FieldDef } from '../lib/catalog-defs.ts';
import type { FormValue, KeyValueRow } from '../lib/form-model.ts';
import { countryOptions, timezoneOptions } from '../lib/places.ts';
import { KeyValueEditor } from './key-value-editor.tsx';
import { RefMultiSelect, RefSelect } from './ref-select.tsx';

export interface CatalogFieldProps {
  field: FieldDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string | undefined;
  /** The record being edited (a location is not offered as its own parent). */
  recordId?: string | undefined;
  /** Other values of the form (a location's parent is searched in its venue). */
  values: Record<string, FormValue>;
}

/** One field of a catalogue form, by type. */
export function CatalogField({ field, value, onChange, error, recordId, values }: CatalogFieldProps) {
  const { t } = useTranslation();
  const label = t(`catalogs.fields.${field.name}`);
  const text = (value as string | null) ?? '';
  const common = { label, error, required: field.required, 'data-field': field.name } as const;
  switch (field.type) {
    case 'text':
      return <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} maxLength={field.max} />;
    case 'textarea':
      return <Textarea {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} maxLength={field.max} autosize minRows={2} maxRows={8} />;
    case 'integer':
      return <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} inputMode="numeric" description={t(`catalogs.help.${field.name}`)} />;
    case 'decimal':
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          inputMode="decimal"
          rightSection={field.name === 'gla' ? 'm²' : undefined}
          description={t(`catalogs.help.${field.name}`)}
        />
      );
    case 'country':
      return (
        <Select
          {...common}
          data={countryOptions(currentLanguage())}
          value={(value as string | null) ?? null}
          onChange={(next) => onChange(next)}
          searchable
          clearable
          placeholder={t('catalogs.form.pick')}
          nothingFoundMessage={t('catalogs.form.noOptions')}
        />
      );
    case 'timezone': {
      const options = timezoneOptions();
      const current = value as string | null;
      const data = current && !options.some((option) => option.value === current) ? [{ value: current, label: current }, ...options] : options;
      return (
        <Select
          {...common}
          data={data}
          value={current}
          onChange={(next) => onChange(next)}
          searchable
          clearable
          limit={100}
          placeholder={t('catalogs.form.pick')}
          nothingFoundMessage={t('catalogs.form.noOptions')}
        />
      );
    }
    case 'ref': {
      // A location's parent is searched among the locations of its venue.
      const venue = field.name === 'parent' && typeof values.venue === 'string' && values.venue ? { venue: values.venue } : undefined;
      return (
        <RefSelect
          catalog={field.ref!}
          label={label}
          value={(value as string | null) ?? null}
          onChange={onChange}
          error={error}
          {...(venue ? { filters: venue } : {})}
          {...(field.ref === 'locations' && recordId ? { exclude: recordId } : {})}
          data-testid={`field-${field.name}`}
        />
      );
    }
    case 'refs':
      return <RefMultiSelect catalog={field.ref!} label={label} value={(value as string[] | null) ?? []} onChange={onChange} error={error} data-testid={`field-${field.name}`} />;
    case 'image': {
      const id = value as string | null;
      return (
        <Input.Wrapper label={label} error={error}>
          <div style={{ marginTop: 6 }}>
            <PhotoField
              value={id ? [fileDownloadLink(UPLOAD_BASE, id)] : []}
              onChange={(links) => onChange(links[0] ? (uploadIdFromLink(links[0]) ?? null) : null)}
              maxPhotos={1}
              source="any"
              label={label}
            />
          </div>
        </Input.Wrapper>
      );
    }
    case 'keyValue':
      return <KeyValueEditor label={label} value={(value as KeyValueRow[] | null) ?? []} onChange={onChange} error={error} />;
  }
}
