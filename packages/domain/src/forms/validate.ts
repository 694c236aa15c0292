import { isValidEmail } from '../email.ts';
import type { FeatureFlags } from '../feature-flags.ts';
import { isIsoDate, parseDateTime, parseTimeOfDay } from './dates.ts';
import { fieldVisibility } from './definition.ts';
import { FIELD_TYPE_INFO } from './field-types.ts';
import { checkFile, checkFileCount, uploadRules, type FileMetadata } from './files.ts';
import { FORM_MESSAGES, listLengthMessage, quantityMessage, textLengthMessage, valueBoundMessage, type Bound } from './messages.ts';
import { checkNumberRules, linearScaleRules, numberFieldRules, parseNumberInput, type NumberRules } from './numbers.ts';
import { isPickedId, pickedIds, referenceScope, type ReferenceScope } from './references.ts';
import { isValidRut } from './rut.ts';
import type { FieldOf, FormField, InputField } from './schema.ts';
import { ownValue } from './show-if.ts';
import { isValidatorEnabled, resolveValidatorFlags, type ValidatorFlags } from './validator-flags.ts';
import { compileRegex, type Validator } from './validators-schema.ts';
import { isEmptyAnswer, isInputField, isSkipped, richTextPlainText } from './values.ts';

/**
 * Validation of a response against its form (spec §5 form behaviour), the same on the web and
 * on the server. For every shown input field, in order:
 *   hidden by show_if → not validated (nor submitted);
 *   skipped through `{name}_skipped: true` on a skippable field → never flagged;
 *   empty (blank text, null/undefined, empty list, …) → the field's required_message or
 *   "This field is required" when required and editable (a readonly or disabled field cannot
 *   be filled by the user, so it is never flagged as missing), else fine;
 *   otherwise: the value must have the type's shape ("Valor inválido"), then the type's own
 *   rules (number min/max/step, scale, rating range, file count/size/format) and the enabled
 *   validators; the first failing rule gives the field's one message.
 */

export interface ValidateOptions {
  /** The tenant's feature flags (validator gating, heic/tiff images). Production values if absent. */
  flags?: Partial<FeatureFlags> | null;
  /** Overrides of the validator families (spec §5) beyond what the tenant's flags carry. */
  validatorFlags?: Partial<ValidatorFlags>;
  /**
   * Metadata of an uploaded file by its reference (upload id or download link). When given, a
   * reference it does not know is invalid and sizes / formats are checked; when absent, only
   * the number of files is.
   */
  fileMetadata?: (reference: string) => FileMetadata | undefined;
  /**
   * Whether a picker's catalogue (narrowed by its audience or data source) holds a row. When
   * given, a user, venue, location or data_source answer naming a row it does not hold is
   * invalid; when absent, only the value's shape is checked.
   */
  knownReference?: (scope: ReferenceScope, id: string) => boolean;
}

export interface FieldError {
  /** The top-level field. */
  name: string;
  /** [name] for top-level fields; [form field, sub-field, …] inside sub-forms. */
  path: string[];
  message: string;
}

interface Context {
  flags: ValidatorFlags;
  featureFlags: Partial<FeatureFlags> | null | undefined;
  fileMetadata: ValidateOptions['fileMetadata'];
  knownReference: ValidateOptions['knownReference'];
}

function contextOf(options: ValidateOptions): Context {
  return {
    flags: resolveValidatorFlags(options.flags, options.validatorFlags),
    featureFlags: options.flags,
    fileMetadata: options.fileMetadata,
    knownReference: options.knownReference,
  };
}

function messageOf(validator: Validator, fallback: string): string {
  return validator.message ? validator.message : fallback;
}

function enabledValidators(field: InputField, ctx: Context): Validator[] {
  return field.validators.filter((validator) => isValidatorEnabled(field.type, validator.type, ctx.flags));
}

/** min_length / max_length message by kind of field (spec §5: text, lists, other types). */
export function lengthMessage(field: InputField, bound: Bound, limit: number): string {
  if (field.type === 'text' || field.type === 'code' || field.type === 'rich_text') return textLengthMessage(bound, limit);
  const info = FIELD_TYPE_INFO[field.type];
  if (info.isPlural && info.noun) return listLengthMessage(bound, limit, info.noun);
  return quantityMessage(bound, limit);
}

function checkLength(field: InputField, length: number, validators: Validator[]): string | null {
  for (const validator of validators) {
    if (validator.type === 'min_length' && length < validator.limit_value) {
      return messageOf(validator, lengthMessage(field, 'min', validator.limit_value));
    }
    if (validator.type === 'max_length' && length > validator.limit_value) {
      return messageOf(validator, lengthMessage(field, 'max', validator.limit_value));
    }
  }
  return null;
}

function checkText(field: InputField, text: string, validators: Validator[]): string | null {
  const plain = field.type === 'rich_text' ? richTextPlainText(text).trim() : text;
  const length = [...plain].length;
  const lengthError = checkLength(field, length, validators);
  if (lengthError) return lengthError;
  for (const validator of validators) {
    if (validator.type === 'regex') {
      const pattern = compileRegex(validator.regex);
      if (pattern && !pattern.test(text)) return messageOf(validator, FORM_MESSAGES.invalid);
    } else if (validator.type === 'email') {
      if (!isValidEmail(text.trim())) return messageOf(validator, FORM_MESSAGES.email);
    } else if (validator.type === 'rut') {
      if (!isValidRut(text)) return messageOf(validator, FORM_MESSAGES.invalidRut);
    }
  }
  return null;
}

function checkNumber(value: number, rules: NumberRules, validators: Validator[]): string | null {
  const ruleError = checkNumberRules(value, rules);
  if (ruleError) return ruleError;
  for (const validator of validators) {
    if (validator.type === 'min_value' && typeof validator.value === 'number' && value < validator.value) {
      return messageOf(validator, valueBoundMessage('min', validator.value));
    }
    if (validator.type === 'max_value' && typeof validator.value === 'number' && value > validator.value) {
      return messageOf(validator, valueBoundMessage('max', validator.value));
    }
  }
  return null;
}

/** min_value / max_value on dates ('YYYY-MM-DD') and times ('HH:mm'): compared as instants. */
function checkOrdered(value: string, validators: Validator[], toKey: (text: string) => number | undefined): string | null {
  const key = toKey(value);
  if (key === undefined) return FORM_MESSAGES.invalid;
  for (const validator of validators) {
    if (validator.type !== 'min_value' && validator.type !== 'max_value') continue;
    const limit = typeof validator.value === 'string' ? toKey(validator.value) : undefined;
    if (limit === undefined) continue;
    if (validator.type === 'min_value' && key < limit) return messageOf(validator, valueBoundMessage('min', validator.value));
    if (validator.type === 'max_value' && key > limit) return messageOf(validator, valueBoundMessage('max', validator.value));
  }
  return null;
}

const dateKey = (text: string): number | undefined => (isIsoDate(text) ? Date.parse(`${text}T00:00:00Z`) : undefined);

function isIdList(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every(isPickedId) && new Set(value.map(String)).size === value.length;
}

/**
 * The references (upload ids or download links) of a file field's value: a list of non-blank
 * texts — one text is accepted for single-file fields. Undefined when the value is not that
 * (spec §5: "for existing file values a list of links is expected; otherwise an error").
 */
export function fileReferences(field: InputField, value: unknown): string[] | undefined {
  const list = typeof value === 'string' && !FIELD_TYPE_INFO[field.type].isPlural ? [value] : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item.trim() !== '')) return undefined;
  return list as string[];
}

function checkFiles(field: InputField, value: unknown, ctx: Context): string | null {
  const references = fileReferences(field, value);
  const rules = uploadRules(field, ctx.flags, ctx.featureFlags);
  if (!references || !rules) return FORM_MESSAGES.invalid;
  if (new Set(references).size !== references.length) return FORM_MESSAGES.invalid;
  const countError = checkFileCount(references.length, rules);
  if (countError) return countError;
  if (!ctx.fileMetadata) return null;
  for (const reference of references) {
    const metadata = ctx.fileMetadata(reference);
    if (!metadata) return FORM_MESSAGES.invalid;
    const fileError = checkFile(metadata, rules);
    if (fileError) return fileError;
  }
  return null;
}

/** "Unknown" (spec §5): a picked row its catalogue does not hold, when the caller can tell. */
function checkReferences(field: InputField, value: unknown, ctx: Context): string | null {
  const scope = referenceScope(field);
  if (!scope || !ctx.knownReference) return null;
  const known = ctx.knownReference;
  return pickedIds(value).every((id) => known(scope, id)) ? null : FORM_MESSAGES.invalid;
}

function checkRating(field: FieldOf<'stars' | 'emotion' | 'reactions'>, value: unknown): string | null {
  const parsed = parseNumberInput(value);
  if (!parsed.ok || parsed.value === null || !Number.isInteger(parsed.value)) return FORM_MESSAGES.invalid;
  return checkNumberRules(parsed.value, { min: 1, max: field.max });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkValue(field: InputField, value: unknown, ctx: Context, path: string[], errors: FieldError[]): string | null {
  const validators = enabledValidators(field, ctx);
  switch (field.type) {
    case 'text':
    case 'code':
    case 'rich_text':
      return typeof value === 'string' ? checkText(field, value, validators) : FORM_MESSAGES.invalid;
    case 'multiple_choice':
      return typeof value === 'string' && field.choices.some((entry) => entry.choice === value) ? null : FORM_MESSAGES.invalid;
    case 'checkboxes': {
      if (!Array.isArray(value) || new Set(value).size !== value.length) return FORM_MESSAGES.invalid;
      if (!value.every((item) => typeof item === 'string' && field.choices.some((entry) => entry.choice === item))) {
        return FORM_MESSAGES.invalid;
      }
      return checkLength(field, value.length, validators);
    }
    case 'date':
      return typeof value === 'string' ? checkOrdered(value, validators, dateKey) : FORM_MESSAGES.invalid;
    case 'time':
      return typeof value === 'string' ? checkOrdered(value, validators, parseTimeOfDay) : FORM_MESSAGES.invalid;
    case 'datetime':
      return parseDateTime(value) === undefined ? FORM_MESSAGES.invalid : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : FORM_MESSAGES.invalid;
    case 'integer':
    case 'float':
    case 'decimal': {
      // Integer fields round to whole numbers (spec §5), here exactly as on entry and on submit.
      const parsed = parseNumberInput(value, field.type);
      if (!parsed.ok || parsed.value === null) return FORM_MESSAGES.invalid;
      return checkNumber(parsed.value, numberFieldRules(field.type, field), validators);
    }
    case 'num_range': {
      if (!isPlainObject(value)) return FORM_MESSAGES.invalid;
      const start = parseNumberInput(ownValue(value, 'start'));
      const end = parseNumberInput(ownValue(value, 'end'));
      if (!start.ok || !end.ok || start.value === null || end.value === null || start.value > end.value) {
        return FORM_MESSAGES.invalid;
      }
      const rules = numberFieldRules('float', field);
      return checkNumber(start.value, rules, validators) ?? checkNumber(end.value, rules, validators);
    }
    case 'value_in_num_range': {
      const parsed = parseNumberInput(value);
      if (!parsed.ok || parsed.value === null) return FORM_MESSAGES.invalid;
      return checkNumberRules(parsed.value, linearScaleRules(field));
    }
    case 'date_range': {
      if (!isPlainObject(value)) return FORM_MESSAGES.invalid;
      const start = ownValue(value, 'start');
      const end = ownValue(value, 'end');
      return isIsoDate(start) && isIsoDate(end) && start <= end ? null : FORM_MESSAGES.invalid;
    }
    case 'stars':
    case 'emotion':
    case 'reactions':
      return checkRating(field, value);
    case 'gps': {
      if (!isPlainObject(value)) return FORM_MESSAGES.invalid;
      const latitude = ownValue(value, 'latitude');
      const longitude = ownValue(value, 'longitude');
      const accuracy = ownValue(value, 'accuracy');
      const ok =
        typeof latitude === 'number' &&
        latitude >= -90 &&
        latitude <= 90 &&
        typeof longitude === 'number' &&
        longitude >= -180 &&
        longitude <= 180 &&
        (accuracy === undefined || accuracy === null || (typeof accuracy === 'number' && accuracy >= 0 && Number.isFinite(accuracy)));
      return ok ? null : FORM_MESSAGES.invalid;
    }
    case 'venue':
    case 'user':
    case 'location':
      return isPickedId(value) ? checkReferences(field, value, ctx) : FORM_MESSAGES.invalid;
    case 'venues':
    case 'users':
    case 'locations':
    case 'assets':
    case 'data_source':
      return isIdList(value) ? (checkReferences(field, value, ctx) ?? checkLength(field, value.length, validators)) : FORM_MESSAGES.invalid;
    case 'files':
    case 'images':
    case 'image':
    case 'voice_message':
      return checkFiles(field, value, ctx);
    case 'form': {
      if (!isPlainObject(value)) return FORM_MESSAGES.invalid;
      validateFields(field.fields, value, ctx, path, errors);
      return null;
    }
  }
}

/** The message of an empty answer: the field's own or the default when it is required and editable. */
function requiredMessage(field: InputField): string | null {
  const isEditable = !field.readonly && !field.disabled;
  return field.required && isEditable ? field.required_message || FORM_MESSAGES.required : null;
}

/** The message for one field's value (null = valid), ignoring visibility and skipping. */
export function validateFieldValue(field: FormField, value: unknown, options: ValidateOptions = {}): string | null {
  if (!isInputField(field)) return null;
  const ctx = contextOf(options);
  if (isEmptyAnswer(field, value)) return requiredMessage(field);
  const nested: FieldError[] = [];
  return checkValue(field, value, ctx, [field.name], nested) ?? nested[0]?.message ?? null;
}

function validateFields(fields: readonly FormField[], values: unknown, ctx: Context, parentPath: string[], errors: FieldError[]): void {
  const visibility = fieldVisibility(fields, values);
  for (const field of fields) {
    if (!isInputField(field) || visibility.get(field) === false) continue;
    if (isSkipped(field, values)) continue;
    const path = [...parentPath, field.name];
    const value = ownValue(values, field.name);
    let message: string | null;
    if (isEmptyAnswer(field, value)) {
      message = requiredMessage(field);
    } else {
      message = checkValue(field, value, ctx, path, errors);
    }
    if (message !== null) errors.push({ name: path[0]!, path, message });
  }
}

/**
 * Validates a whole response: one error per failing field, in form order (sub-form fields
 * right after their parent's position). Total: any JSON value is accepted as `response`.
 */
export function validateResponse(fields: readonly FormField[], response: unknown, options: ValidateOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  validateFields(fields, isPlainObject(response) ? response : {}, contextOf(options), [], errors);
  return errors;
}
