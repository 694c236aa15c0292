import { z } from 'zod';
import { EMOTION_SCALES, type FieldType } from './field-types.ts';
import { ZValidator } from './validators-schema.ts';

/**
 * The form-definition schema (spec §3 "Form field definition"): the common keys, then one
 * object per field type with its extras. Form-level rules (unique names, show_if syntax and
 * references, no cycles) live in definition.ts.
 */

export const FIELD_NAME_MAX_LENGTH = 100;
/** Names that could reach Object.prototype through a response object are refused. */
export const RESERVED_FIELD_NAMES = ['__proto__', 'constructor', 'prototype'] as const;
export const SKIPPED_SUFFIX = '_skipped';

export const ZFieldName = z
  .string()
  .min(1)
  .max(FIELD_NAME_MAX_LENGTH)
  .regex(/^[\p{L}_][\p{L}\p{N}_]*$/u, 'El nombre solo admite letras, números y _ (sin empezar por número)')
  .refine((name) => !(RESERVED_FIELD_NAMES as readonly string[]).includes(name) && !name.startsWith('__'), 'Nombre reservado');

export const ZFieldId = z.union([z.number().int(), z.string().min(1).max(100)]);
const ZText = (max: number) => z.string().max(max);
export const ZAudience = z.union([z.string().max(200), z.number(), z.record(z.string(), z.unknown())]).nullish();

const common = {
  id: ZFieldId,
  name: ZFieldName,
  style_class: ZText(200).nullish(),
  required: z.boolean().default(false),
  skippable: z.boolean().default(false),
  label: ZText(1000).default(''),
  placeholder: ZText(500).nullish(),
  readonly: z.boolean().nullish(),
  disabled: z.boolean().nullish(),
  validators: z.array(ZValidator).max(30).default([]),
  show_if: ZText(2000).nullish(),
  description: ZText(5000).nullish(),
  /** The field's own required message (spec §5); default "This field is required". */
  required_message: ZText(500).nullish(),
};

function field<T extends FieldType, S extends z.ZodRawShape>(type: T, extras: S) {
  return z.object({ ...common, type: z.literal(type), ...extras });
}

const ZNumberExtras = {
  /** Number-field rules of spec §5: minimum, maximum and step (integer fields default to 1). */
  min: z.number().nullish(),
  max: z.number().nullish(),
  step: z.number().positive().nullish(),
};

export const ZChoice = z.object({
  choice: z.string().trim().min(1).max(500),
  image: z.string().max(2000).nullish(),
});
export type Choice = z.infer<typeof ZChoice>;

const ZChoices = z
  .array(ZChoice)
  .min(1)
  .max(500)
  .refine((choices) => new Set(choices.map((entry) => entry.choice)).size === choices.length, 'Opciones repetidas');

export const IMAGE_SOURCES = ['camera', 'gallery', 'camera_and_gallery'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

export const ZInterpretation = z.discriminatedUnion('type', [
  z.object({ type: z.literal('between'), start: z.number(), stop: z.number(), name: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('equal'), start: z.number(), name: z.string().trim().min(1).max(200) }),
]);
export type Interpretation = z.infer<typeof ZInterpretation>;

const ZLabels = z.array(z.string().max(200)).max(100).default([]);
const ZAudienceExtras = { audience: ZAudience };

const linearScaleShape = {
  start: z.number().min(0).default(0),
  stop: z.number().min(1).default(10),
  step: z.number().min(0).default(1),
  start_label: z.string().max(200).nullish(),
  stop_label: z.string().max(200).nullish(),
  interpretations: z.array(ZInterpretation).max(100).default([]),
};
interface ScaleLike {
  start: number;
  stop: number;
  interpretations: Interpretation[];
}
function withScaleChecks<T extends z.ZodType<ScaleLike>>(schema: T): T {
  return schema
    .refine((scale) => scale.start < scale.stop, { message: 'El mínimo debe ser menor que el máximo', path: ['stop'] })
    .refine((scale) => scale.interpretations.every((entry) => entry.type !== 'between' || entry.start <= entry.stop), {
      message: 'Intervalo de interpretación inválido',
      path: ['interpretations'],
    }) as T;
}

/** The linear scale's configuration (spec §3): minimum ≥ 0, maximum ≥ 1, step ≥ 0. */
export const ZLinearScale = withScaleChecks(z.object(linearScaleShape));
export type LinearScale = z.infer<typeof ZLinearScale>;

const ratingMax = (fallback: number) => z.number().int().min(1).max(100).default(fallback);

export const ZTextField = field('text', {});
export const ZMultipleChoiceField = field('multiple_choice', { choices: ZChoices });
export const ZDateField = field('date', { format: z.string().max(50).nullish() });
export const ZDateTimeField = field('datetime', {});
export const ZTimeField = field('time', {});
export const ZBooleanField = field('boolean', {});
export const ZIntegerField = field('integer', ZNumberExtras);
export const ZFloatField = field('float', ZNumberExtras);
export const ZDecimalField = field('decimal', ZNumberExtras);
export const ZVoiceMessageField = field('voice_message', {});
export const ZFilesField = field('files', { max_files: z.number().int().min(1).max(1000).nullish() });
export const ZCodeField = field('code', {});
export const ZDateRangeField = field('date_range', {});
export const ZCheckboxesField = field('checkboxes', { choices: ZChoices });
export const ZNumRangeField = field('num_range', ZNumberExtras);
export const ZValueInNumRangeField = withScaleChecks(field('value_in_num_range', linearScaleShape));
export const ZReactionsField = field('reactions', { max: ratingMax(5), labels: ZLabels });
export const ZStarsField = field('stars', { max: ratingMax(5), labels: ZLabels });
export const ZEmotionField = field('emotion', {
  max: z
    .number()
    .int()
    .default(5)
    .refine((max) => (EMOTION_SCALES as readonly number[]).includes(max), 'La escala de emociones debe ser de 3, 5, 7 o 9'),
  labels: ZLabels,
});
export const ZGpsField = field('gps', {});
export const ZVenueField = field('venue', ZAudienceExtras);
export const ZVenuesField = field('venues', ZAudienceExtras);
export const ZUserField = field('user', ZAudienceExtras);
export const ZUsersField = field('users', ZAudienceExtras);
export const ZLocationField = field('location', ZAudienceExtras);
export const ZLocationsField = field('locations', ZAudienceExtras);
export const ZAssetsField = field('assets', ZAudienceExtras);
export const ZImageField = field('image', { source: z.enum(IMAGE_SOURCES).default('camera_and_gallery') });
export const ZImagesField = field('images', { source: z.enum(IMAGE_SOURCES).default('camera_and_gallery') });
export const ZDataSourceField = field('data_source', {
  data_source_id: z.union([z.string().max(100), z.number()]).nullish(),
  display_key: z.string().max(200).nullish(),
});
export const ZRichTextField = field('rich_text', {});
/** display_text is not an input: id, text, style_class (and an optional show_if). */
export const ZDisplayTextField = z.object({
  id: ZFieldId,
  type: z.literal('display_text'),
  text: z.string().max(20_000),
  style_class: ZText(200).nullish(),
  name: ZFieldName.nullish(),
  show_if: ZText(2000).nullish(),
});

/** A nested sub-form: its own fields (inline), or a reference to another form. */
function nestedFormBase() {
  return field('form', { form_id: z.union([z.string().max(100), z.number()]).nullish() });
}
export interface NestedFormField extends z.infer<ReturnType<typeof nestedFormBase>> {
  fields: FormField[];
}

export type FormField =
  | z.infer<typeof ZTextField>
  | z.infer<typeof ZMultipleChoiceField>
  | z.infer<typeof ZDateField>
  | z.infer<typeof ZDateTimeField>
  | z.infer<typeof ZTimeField>
  | z.infer<typeof ZBooleanField>
  | z.infer<typeof ZIntegerField>
  | z.infer<typeof ZFloatField>
  | z.infer<typeof ZDecimalField>
  | z.infer<typeof ZVoiceMessageField>
  | z.infer<typeof ZFilesField>
  | z.infer<typeof ZCodeField>
  | z.infer<typeof ZDateRangeField>
  | z.infer<typeof ZCheckboxesField>
  | z.infer<typeof ZNumRangeField>
  | z.infer<typeof ZValueInNumRangeField>
  | z.infer<typeof ZReactionsField>
  | z.infer<typeof ZStarsField>
  | z.infer<typeof ZEmotionField>
  | z.infer<typeof ZGpsField>
  | z.infer<typeof ZVenueField>
  | z.infer<typeof ZUsersField>
  | z.infer<typeof ZDisplayTextField>
  | z.infer<typeof ZUserField>
  | z.infer<typeof ZLocationField>
  | z.infer<typeof ZImageField>
  | z.infer<typeof ZVenuesField>
  | z.infer<typeof ZLocationsField>
  | z.infer<typeof ZImagesField>
  | NestedFormField
  | z.infer<typeof ZDataSourceField>
  | z.infer<typeof ZRichTextField>
  | z.infer<typeof ZAssetsField>;

export type InputField = Exclude<FormField, { type: 'display_text' }>;
export type FieldOf<T extends FieldType> = Extract<FormField, { type: T }>;

export const FORM_MAX_NESTING = 4;

/** Sub-form levels under a field list, counted without walking past the limit. */
export function nestedFormDepth(value: unknown, depth = 0): number {
  if (depth > FORM_MAX_NESTING || !Array.isArray(value)) return depth;
  let deepest = depth;
  for (const item of value) {
    const inner = typeof item === 'object' && item !== null && Object.hasOwn(item, 'fields') ? (item as { fields: unknown }).fields : undefined;
    if (inner !== undefined) deepest = Math.max(deepest, nestedFormDepth(inner, depth + 1));
    if (deepest > FORM_MAX_NESTING) break;
  }
  return deepest;
}

export const ZNestedFormField = nestedFormBase().extend({
  // The depth is checked before the sub-fields are parsed, so a hostile body nested thousands
  // of levels deep is refused at the first level instead of exhausting the stack.
  // A check (not a transform) in front of a pipe: the pipe stops at its issue, and the schema
  // still encodes (responses are serialised through it; a transform cannot be encoded).
  fields: z
    .unknown()
    .superRefine((value, ctx) => {
      if (nestedFormDepth(value, 1) > FORM_MAX_NESTING) {
        ctx.addIssue({ code: 'custom', message: `Subformularios anidados más de ${FORM_MAX_NESTING} niveles`, input: value, continue: false });
      }
    })
    .pipe(z.array(z.lazy(() => ZFormField)).max(1000))
    .default([]),
});

const FIELD_SCHEMA_LIST = [
  ZTextField,
  ZMultipleChoiceField,
  ZDateField,
  ZDateTimeField,
  ZTimeField,
  ZBooleanField,
  ZIntegerField,
  ZFloatField,
  ZDecimalField,
  ZVoiceMessageField,
  ZFilesField,
  ZCodeField,
  ZDateRangeField,
  ZCheckboxesField,
  ZNumRangeField,
  ZValueInNumRangeField,
  ZReactionsField,
  ZStarsField,
  ZEmotionField,
  ZGpsField,
  ZVenueField,
  ZUsersField,
  ZDisplayTextField,
  ZUserField,
  ZLocationField,
  ZImageField,
  ZVenuesField,
  ZLocationsField,
  ZImagesField,
  ZNestedFormField,
  ZDataSourceField,
  ZRichTextField,
  ZAssetsField,
] as const;

/** Per-type schemas, e.g. for the builder's configuration panel. */
export const FIELD_SCHEMAS = Object.fromEntries(FIELD_SCHEMA_LIST.map((schema) => [schema.shape.type.value, schema])) as unknown as { readonly [T in FieldType]: z.ZodType<FieldOf<T>> };

/** One field definition, discriminated by `type`. Unknown keys are dropped. */
export const ZFormField: z.ZodType<FormField> = z.discriminatedUnion('type', FIELD_SCHEMA_LIST).meta({ id: 'FormField' }) as unknown as z.ZodType<FormField>;
