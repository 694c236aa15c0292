import type { FormField, InputField } from './schema.ts';
import { SKIPPED_SUFFIX } from './schema.ts';
import { ownValue } from './show-if.ts';

/** A response: field name → value, plus `{name}_skipped` companions (spec §3 Form response). */
export type ResponseValues = Readonly<Record<string, unknown>>;

/** Sets an own property even for a key like "__proto__" (no prototype change). */
export function safeSet(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function skippedKey(name: string): string {
  return `${name}${SKIPPED_SUFFIX}`;
}

export function isInputField(field: FormField): field is InputField {
  return field.type !== 'display_text';
}

/**
 * Skipped through its companion (spec §4, §5): only a skippable field can be skipped, and only
 * by the value `true` — anything else in the companion is ignored.
 */
export function isSkipped(field: FormField, values: unknown): boolean {
  return isInputField(field) && field.skippable && ownValue(values, skippedKey(field.name)) === true;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The visible text of rich-text HTML (tags dropped, common entities decoded). */
export function richTextPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      const lower = entity.toLowerCase();
      return Object.hasOwn(ENTITIES, lower) ? ENTITIES[lower]! : whole;
    });
}

const EMBEDDED_MEDIA = /<(img|video|iframe|audio)\b/i;

/**
 * Empty as spec §5 means it — a blank string, undefined (or null) or an empty list — extended
 * to the structured values: rich text with no text and no media, a number that is NaN, and an
 * object (range, gps, sub-form) all of whose parts are empty.
 */
export function isEmptyAnswer(field: { type: string } | undefined, value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') {
    if (field?.type === 'rich_text') return richTextPlainText(value).trim() === '' && !EMBEDDED_MEDIA.test(value);
    return value.trim() === '';
  }
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    if (depth > 16) return false;
    return Object.values(value).every((item) => isEmptyAnswer(undefined, item, depth + 1));
  }
  return false;
}

/**
 * Ticking "No aplica" resets the value and marks the companion; unticking clears the mark
 * (spec §4 field skipping). Returns a new object; the input is not changed.
 */
export function setSkipped(values: ResponseValues, field: InputField, skipped: boolean): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  if (skipped) {
    safeSet(next, field.name, null);
    safeSet(next, skippedKey(field.name), true);
  } else {
    delete next[skippedKey(field.name)];
  }
  return next;
}

/** Changing the value unticks "No aplica" (spec §4). Returns a new object. */
export function setAnswer(values: ResponseValues, field: InputField, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  safeSet(next, field.name, value);
  delete next[skippedKey(field.name)];
  return next;
}
