import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '../../src/feature-flags.ts';
import {
  availableValidators,
  DEFAULT_VALIDATOR_FLAGS,
  FIELD_TYPE_GROUPS,
  FIELD_TYPE_INFO,
  FIELD_TYPES,
  fieldPicker,
  isFieldType,
  isInputType,
  isPluralType,
  isTypeAvailable,
  isValidatorEnabled,
  PLURAL_FIELD_TYPES,
  PROCESS_VARIABLE_TYPES,
  resolveValidatorFlags,
} from '../../src/forms/index.ts';

describe('field types (spec §3)', () => {
  it('are the 33 types of the spec', () => {
    expect(FIELD_TYPES).toHaveLength(33);
    expect(new Set(FIELD_TYPES).size).toBe(33);
    expect(Object.keys(FIELD_TYPE_INFO).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('plural types hold lists', () => {
    expect([...PLURAL_FIELD_TYPES].sort()).toEqual(['checkboxes', 'files', 'images', 'locations', 'users', 'venues', 'data_source', 'assets'].sort());
    for (const type of FIELD_TYPES) expect(isPluralType(type)).toBe((PLURAL_FIELD_TYPES as readonly string[]).includes(type));
  });

  it('display_text is the only non-input, and the only type that is no process variable', () => {
    expect(FIELD_TYPES.filter((type) => !isInputType(type))).toEqual(['display_text']);
    expect(PROCESS_VARIABLE_TYPES).toHaveLength(32);
    expect(FIELD_TYPES.filter((type) => !(PROCESS_VARIABLE_TYPES as readonly string[]).includes(type))).toEqual(['display_text']);
  });

  it('every type sits in one of the 12 UI groups, and every group has a type', () => {
    expect(FIELD_TYPE_GROUPS).toEqual([
      'text',
      'selection',
      'date',
      'time',
      'number',
      'media',
      'files',
      'personal_info',
      'person_and_venues',
      'location_and_sign',
      'validation_or_confirmation',
      'form',
    ]);
    for (const group of FIELD_TYPE_GROUPS) {
      expect(FIELD_TYPES.some((type) => FIELD_TYPE_INFO[type].group === group)).toBe(true);
    }
  });

  it('list types carry their noun', () => {
    for (const type of PLURAL_FIELD_TYPES) expect(FIELD_TYPE_INFO[type].noun).toBeDefined();
    expect(FIELD_TYPE_INFO.images.noun).toBe('image');
    expect(FIELD_TYPE_INFO.venues.noun).toBe('venue');
  });

  it('recognises type names without prototype leaks', () => {
    expect(isFieldType('text')).toBe(true);
    expect(isFieldType('toString')).toBe(false);
    expect(isFieldType('__proto__')).toBe(false);
    expect(isFieldType(3)).toBe(false);
  });
});

describe('field picker', () => {
  it('production flags: data sources, multiple elements and plural images on; assets hidden', () => {
    const offered = fieldPicker({ flags: PRODUCTION_FLAGS }).flatMap((entry) => entry.types);
    expect(offered).toContain('data_source');
    expect(offered).toContain('images');
    expect(offered).toContain('users');
    expect(offered).not.toContain('assets');
    expect(offered).toHaveLength(32);
  });

  it('flags off remove the gated types', () => {
    const flags = { ...PRODUCTION_FLAGS, data_sources: false, multiple_element_fields: false, plural_image_inputs: false };
    const offered = fieldPicker({ flags }).flatMap((entry) => entry.types);
    for (const type of ['data_source', 'users', 'venues', 'locations', 'images']) expect(offered).not.toContain(type);
    expect(offered).toContain('user');
  });

  it('a disabled module removes its types', () => {
    const offered = fieldPicker({ flags: ALL_FLAGS_ON, disabledModules: ['location'] }).flatMap((entry) => entry.types);
    expect(offered).not.toContain('location');
    expect(offered).not.toContain('locations');
  });

  it('the asset field is offered behind its flag and module (its picker searches real assets, issue 49)', () => {
    expect(isTypeAvailable('assets', { flags: ALL_FLAGS_ON })).toBe(true);
    expect(isTypeAvailable('assets', { flags: ALL_FLAGS_ON, includeHidden: true })).toBe(true);
    expect(isTypeAvailable('assets', { flags: PRODUCTION_FLAGS, includeHidden: true })).toBe(false);
    expect(isTypeAvailable('assets', { flags: ALL_FLAGS_ON, includeHidden: true, disabledModules: ['asset'] })).toBe(false);
  });

  it('groups come in order and empty groups are dropped', () => {
    const groups = fieldPicker({ flags: {} }).map((entry) => entry.group);
    expect(groups[0]).toBe('text');
    expect(groups.at(-1)).toBe('form');
  });
});

describe('validator gating (spec §5)', () => {
  it('production: everything on except file allowed formats', () => {
    expect(DEFAULT_VALIDATOR_FLAGS).toEqual({
      validators: true,
      email: true,
      integer: true,
      checkboxes: true,
      data_source: true,
      file_size: true,
      file_length: true,
      image_formats: true,
      file_allowed_formats: false,
    });
    expect(resolveValidatorFlags(PRODUCTION_FLAGS)).toEqual(DEFAULT_VALIDATOR_FLAGS);
  });

  it('reads the tenant flags and overrides', () => {
    expect(resolveValidatorFlags(ALL_FLAGS_ON).file_allowed_formats).toBe(true);
    expect(resolveValidatorFlags({ validators: false }).validators).toBe(false);
    expect(resolveValidatorFlags(null, { email: false }).email).toBe(false);
  });

  it('offers per field type what the flags allow', () => {
    const production = resolveValidatorFlags(PRODUCTION_FLAGS);
    expect(availableValidators('text', production)).toEqual(['min_length', 'max_length', 'regex', 'email', 'rut']);
    expect(availableValidators('files', production)).toEqual(['min_length', 'max_length', 'min_file_size', 'max_file_size']);
    expect(availableValidators('files', resolveValidatorFlags(ALL_FLAGS_ON))).toContain('allowed_formats');
    expect(availableValidators('images', production)).toContain('allowed_formats');
    expect(availableValidators('integer', production)).toEqual(['min_value', 'max_value']);
    expect(availableValidators('integer', { ...production, integer: false })).toEqual([]);
    expect(availableValidators('checkboxes', { ...production, checkboxes: false })).toEqual([]);
    expect(availableValidators('data_source', production)).toEqual(['min_length', 'max_length']);
    expect(availableValidators('boolean', production)).toEqual([]);
    expect(availableValidators('text', { ...production, validators: false })).toEqual([]);
    expect(isValidatorEnabled('text', 'email', { ...production, email: false })).toBe(false);
    expect(isValidatorEnabled('images', 'min_file_size', { ...production, file_size: false })).toBe(false);
    expect(isValidatorEnabled('images', 'max_length', { ...production, file_length: false })).toBe(false);
  });
});
