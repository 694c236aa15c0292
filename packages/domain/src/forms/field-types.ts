import type { FeatureFlag, FeatureFlags, ToggleableModule } from '../feature-flags.ts';
import type { NounKey } from './messages.ts';

/**
 * The 33 field types of spec forms §3, in the spec's order, and what the builder and the
 * renderer need to know about each one — as data, so both read the same table.
 */
export const FIELD_TYPES = [
  'text',
  'multiple_choice',
  'date',
  'datetime',
  'time',
  'boolean',
  'integer',
  'float',
  'decimal',
  'voice_message',
  'files',
  'code',
  'date_range',
  'checkboxes',
  'num_range',
  'value_in_num_range',
  'reactions',
  'stars',
  'emotion',
  'gps',
  'venue',
  'users',
  'display_text',
  'user',
  'location',
  'image',
  'venues',
  'locations',
  'images',
  'form',
  'data_source',
  'rich_text',
  'assets',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** UI groups of the field picker (spec §3), in picker order. */
export const FIELD_TYPE_GROUPS = [
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
] as const;
export type FieldTypeGroup = (typeof FIELD_TYPE_GROUPS)[number];

/** Plural types hold a list of values (spec §3). */
export const PLURAL_FIELD_TYPES = ['checkboxes', 'files', 'images', 'locations', 'users', 'venues', 'data_source', 'assets'] as const satisfies readonly FieldType[];

/** Workflow process variable types (spec §3): every type but display_text. */
export const PROCESS_VARIABLE_TYPES = [
  'boolean',
  'checkboxes',
  'code',
  'date',
  'date_range',
  'datetime',
  'decimal',
  'emotion',
  'files',
  'float',
  'gps',
  'image',
  'images',
  'integer',
  'location',
  'multiple_choice',
  'num_range',
  'reactions',
  'stars',
  'text',
  'time',
  'user',
  'value_in_num_range',
  'venue',
  'voice_message',
  'users',
  'venues',
  'locations',
  'form',
  'data_source',
  'rich_text',
  'assets',
] as const satisfies readonly FieldType[];

/** Types whose picker takes an optional audience (spec §3). */
export const AUDIENCE_FIELD_TYPES = ['venue', 'venues', 'user', 'users', 'location', 'locations', 'assets'] as const satisfies readonly FieldType[];

/** Types whose value is one or more uploaded files (links once submitted, spec §4). */
export const FILE_FIELD_TYPES = ['files', 'image', 'images', 'voice_message'] as const satisfies readonly FieldType[];

export const NUMBER_FIELD_TYPES = ['integer', 'float', 'decimal'] as const satisfies readonly FieldType[];
export type NumberFieldType = (typeof NUMBER_FIELD_TYPES)[number];

/** Emotion ratings exist only for these scales (spec §5, §9). */
export const EMOTION_SCALES = [3, 5, 7, 9] as const;

export interface FieldTypeInfo {
  type: FieldType;
  group: FieldTypeGroup;
  /** Holds a list of values. */
  isPlural: boolean;
  /** Takes an answer (display_text does not). */
  isInput: boolean;
  /** The noun of list / upload messages ("archivos", "imágenes", ...). */
  noun?: NounKey;
  /** Offered by the picker only when this feature flag is on. */
  flag?: FeatureFlag;
  /** Offered only when the tenant has not disabled this module. */
  module?: ToggleableModule;
  /** Never offered by the picker (existing definitions still render). */
  isHiddenInPicker: boolean;
}

function info(type: FieldType, group: FieldTypeGroup, extra: Partial<Omit<FieldTypeInfo, 'type' | 'group' | 'isPlural'>> = {}): FieldTypeInfo {
  return {
    type,
    group,
    isPlural: (PLURAL_FIELD_TYPES as readonly string[]).includes(type),
    isInput: extra.isInput ?? true,
    isHiddenInPicker: extra.isHiddenInPicker ?? false,
    ...(extra.noun ? { noun: extra.noun } : {}),
    ...(extra.flag ? { flag: extra.flag } : {}),
    ...(extra.module ? { module: extra.module } : {}),
  };
}

/*
 * Group placement: the spec names the groups but not their members. Ratings (reactions, stars,
 * emotion) are the respondent's own opinion, so they sit under personal_info; pickers of people
 * and venues under person_and_venues; positions and places under location_and_sign; yes/no and
 * scanned codes under validation_or_confirmation.
 */
export const FIELD_TYPE_INFO: Readonly<Record<FieldType, FieldTypeInfo>> = {
  text: info('text', 'text'),
  rich_text: info('rich_text', 'text'),
  display_text: info('display_text', 'text', { isInput: false }),
  multiple_choice: info('multiple_choice', 'selection', { noun: 'option' }),
  checkboxes: info('checkboxes', 'selection', { noun: 'option' }),
  data_source: info('data_source', 'selection', { noun: 'record', flag: 'data_sources' }),
  date: info('date', 'date'),
  datetime: info('datetime', 'date'),
  date_range: info('date_range', 'date'),
  time: info('time', 'time'),
  integer: info('integer', 'number'),
  float: info('float', 'number'),
  decimal: info('decimal', 'number'),
  num_range: info('num_range', 'number'),
  value_in_num_range: info('value_in_num_range', 'number'),
  image: info('image', 'media', { noun: 'image' }),
  images: info('images', 'media', { noun: 'image', flag: 'plural_image_inputs' }),
  voice_message: info('voice_message', 'media', { noun: 'file' }),
  files: info('files', 'files', { noun: 'file' }),
  reactions: info('reactions', 'personal_info'),
  stars: info('stars', 'personal_info'),
  emotion: info('emotion', 'personal_info'),
  user: info('user', 'person_and_venues', { noun: 'user' }),
  users: info('users', 'person_and_venues', { noun: 'user', flag: 'multiple_element_fields' }),
  venue: info('venue', 'person_and_venues', { noun: 'venue' }),
  venues: info('venues', 'person_and_venues', { noun: 'venue', flag: 'multiple_element_fields' }),
  // The assets picker stays hidden until the asset module exists (issue 5).
  assets: info('assets', 'person_and_venues', { noun: 'asset', flag: 'assets', module: 'asset' }),
  gps: info('gps', 'location_and_sign'),
  location: info('location', 'location_and_sign', { noun: 'location', module: 'location' }),
  locations: info('locations', 'location_and_sign', {
    noun: 'location',
    module: 'location',
    flag: 'multiple_element_fields',
  }),
  boolean: info('boolean', 'validation_or_confirmation'),
  code: info('code', 'validation_or_confirmation'),
  form: info('form', 'form'),
};

const FIELD_TYPE_SET: ReadonlySet<string> = new Set(FIELD_TYPES);

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && FIELD_TYPE_SET.has(value);
}
export function isPluralType(type: FieldType): boolean {
  return FIELD_TYPE_INFO[type].isPlural;
}
export function isInputType(type: FieldType): boolean {
  return FIELD_TYPE_INFO[type].isInput;
}
export function isFileType(type: FieldType): boolean {
  return (FILE_FIELD_TYPES as readonly string[]).includes(type);
}
export function isNumberType(type: FieldType): type is NumberFieldType {
  return (NUMBER_FIELD_TYPES as readonly string[]).includes(type);
}

export interface PickerContext {
  flags: Partial<FeatureFlags>;
  disabledModules?: readonly string[];
  /** Staff previews may list hidden types too. */
  includeHidden?: boolean;
}

/** Whether the picker offers this type to this tenant. */
export function isTypeAvailable(type: FieldType, context: PickerContext): boolean {
  const entry = FIELD_TYPE_INFO[type];
  if (entry.isHiddenInPicker && !context.includeHidden) return false;
  if (entry.flag && context.flags[entry.flag] !== true) return false;
  if (entry.module && context.disabledModules?.includes(entry.module)) return false;
  return true;
}

/** The field picker: UI groups in order, each with the types offered; empty groups dropped. */
export function fieldPicker(context: PickerContext): { group: FieldTypeGroup; types: FieldType[] }[] {
  return FIELD_TYPE_GROUPS.map((group) => ({
    group,
    types: FIELD_TYPES.filter((type) => FIELD_TYPE_INFO[type].group === group && isTypeAvailable(type, context)),
  })).filter((entry) => entry.types.length > 0);
}
