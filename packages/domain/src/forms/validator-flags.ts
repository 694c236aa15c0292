import { PRODUCTION_FLAGS, type FeatureFlags } from '../feature-flags.ts';
import type { FieldType } from './field-types.ts';

/** Validator types (spec §3 Validator) plus `rut`, a Faena extension for Chilean ids (spec §5). */
export const VALIDATOR_TYPES = ['min_length', 'max_length', 'regex', 'email', 'min_value', 'max_value', 'min_file_size', 'max_file_size', 'allowed_formats', 'rut'] as const;
export type ValidatorType = (typeof VALIDATOR_TYPES)[number];

/**
 * Validator families enabled by feature flags (spec §5): "email, integer, checkboxes, data
 * source, file size, file length and image formats are on; file allowed formats is off".
 * Everything else depends only on the tenant's master `validators` flag.
 */
export const VALIDATOR_FLAGS = ['email', 'integer', 'checkboxes', 'data_source', 'file_size', 'file_length', 'image_formats', 'file_allowed_formats'] as const;
export type ValidatorFlag = (typeof VALIDATOR_FLAGS)[number];
export type ValidatorFlags = Record<ValidatorFlag, boolean> & { validators: boolean };

export const DEFAULT_VALIDATOR_FLAGS: Readonly<ValidatorFlags> = {
  validators: PRODUCTION_FLAGS.validators,
  email: true,
  integer: true,
  checkboxes: true,
  data_source: true,
  file_size: true,
  file_length: true,
  image_formats: true,
  file_allowed_formats: PRODUCTION_FLAGS.file_allowed_formats_validator,
};

/**
 * The tenant's flags → validator gating. The platform's flag set carries the master switch
 * (`validators`) and `file_allowed_formats_validator`; the other families have no tenant flag
 * of their own and take the spec's production values unless overridden.
 */
export function resolveValidatorFlags(flags?: Partial<FeatureFlags> | null, overrides?: Partial<ValidatorFlags>): ValidatorFlags {
  return {
    ...DEFAULT_VALIDATOR_FLAGS,
    ...(flags?.validators !== undefined ? { validators: flags.validators } : {}),
    ...(flags?.file_allowed_formats_validator !== undefined ? { file_allowed_formats: flags.file_allowed_formats_validator } : {}),
    ...overrides,
  };
}

/** null = needs only the master `validators` flag. */
type Gate = ValidatorFlag | null;

/**
 * Which validators each field type accepts, and the flag that gates each. The builder offers
 * exactly these; the schema refuses others; validation skips the ones whose flag is off, on both
 * sides, so the server never rejects what the renderer accepted.
 */
export const FIELD_VALIDATORS: Readonly<Partial<Record<FieldType, Readonly<Partial<Record<ValidatorType, Gate>>>>>> = {
  text: { min_length: null, max_length: null, regex: null, email: 'email', rut: null },
  code: { min_length: null, max_length: null, regex: null, rut: null },
  rich_text: { min_length: null, max_length: null },
  integer: { min_value: 'integer', max_value: 'integer' },
  float: { min_value: null, max_value: null },
  decimal: { min_value: null, max_value: null },
  num_range: { min_value: null, max_value: null },
  date: { min_value: null, max_value: null },
  time: { min_value: null, max_value: null },
  checkboxes: { min_length: 'checkboxes', max_length: 'checkboxes' },
  data_source: { min_length: 'data_source', max_length: 'data_source' },
  users: { min_length: null, max_length: null },
  venues: { min_length: null, max_length: null },
  locations: { min_length: null, max_length: null },
  assets: { min_length: null, max_length: null },
  files: {
    min_length: 'file_length',
    max_length: 'file_length',
    min_file_size: 'file_size',
    max_file_size: 'file_size',
    allowed_formats: 'file_allowed_formats',
  },
  images: {
    min_length: 'file_length',
    max_length: 'file_length',
    min_file_size: 'file_size',
    max_file_size: 'file_size',
    allowed_formats: 'image_formats',
  },
  image: { min_file_size: 'file_size', max_file_size: 'file_size', allowed_formats: 'image_formats' },
  voice_message: { min_file_size: 'file_size', max_file_size: 'file_size' },
};

export function isValidatorAllowed(fieldType: FieldType, validatorType: string): boolean {
  const table = FIELD_VALIDATORS[fieldType];
  return table !== undefined && Object.hasOwn(table, validatorType);
}

export function isValidatorEnabled(fieldType: FieldType, validatorType: ValidatorType, flags: ValidatorFlags): boolean {
  if (!flags.validators) return false;
  const table = FIELD_VALIDATORS[fieldType];
  if (!table || !Object.hasOwn(table, validatorType)) return false;
  const gate = table[validatorType];
  return gate === null || gate === undefined || flags[gate];
}

/** The validators the builder offers for a field type under these flags. */
export function availableValidators(fieldType: FieldType, flags: ValidatorFlags): ValidatorType[] {
  return VALIDATOR_TYPES.filter((type) => isValidatorEnabled(fieldType, type, flags));
}
