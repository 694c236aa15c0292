import type { FieldOf } from '@faena/domain/forms/schema';
import { uploadRules } from '@faena/domain/forms/files';
import { FileUploadField, PhotoField } from '../../uploads/index.ts';
import type { FieldProps } from '../field-props.ts';
import { useRenderer } from '../renderer-context.ts';

/**
 * files, image and images through the upload widgets of src/shared/uploads (FilePond file upload,
 * camera photo field): each finished upload is stored and kept in the value as its download link.
 */

function asLinks(value: unknown): unknown {
  // A single-file answer is stored as one link (spec §4); the widgets work with lists.
  return typeof value === 'string' && value !== '' ? [value] : value;
}

export function FilesField({ field, value, onChange, disabled, onBusyChange }: FieldProps<FieldOf<'files'>>) {
  const { validatorFlags, flags } = useRenderer();
  const rules = uploadRules(field, validatorFlags, flags);
  if (!rules) return null;
  return <FileUploadField value={asLinks(value)} onChange={(links) => onChange(links)} rules={rules} disabled={disabled} label={field.label || field.name} onBusyChange={onBusyChange} />;
}

export function PhotoInputField({ field, value, onChange, disabled }: FieldProps<FieldOf<'image' | 'images'>>) {
  const { validatorFlags, flags } = useRenderer();
  const rules = uploadRules(field, validatorFlags, flags);
  if (!rules) return null;
  return (
    <PhotoField
      value={asLinks(value)}
      onChange={(links) => onChange(links)}
      maxPhotos={rules.maxFiles}
      source={field.source === 'camera' ? 'camera' : 'any'}
      rules={rules}
      disabled={disabled}
      label={field.label || field.name}
    />
  );
}
