import { convertForSubmit, richTextBlobImages, type ConvertOptions } from '@faena/domain/forms/convert';
import type { FormField } from '@faena/domain/forms/schema';
import { fieldErrorKey } from '@faena/domain/forms/server-errors';
import { ownValue } from '@faena/domain/forms/show-if';
import { isInputField } from '@faena/domain/forms/values';
import { RICH_TEXT_IMAGE_FORMATS, RICH_TEXT_IMAGE_MAX_SIZE } from '@faena/domain/forms/constants';
import type { UploadRules } from '@faena/domain/forms/files';
import { uploadBlob } from '../uploads/upload-api.ts';
import type { Values } from './form-store.ts';

/**
 * Submit preparation (spec §4 "Submit conversion"): temporary blob images of rich text are
 * uploaded and replaced by their links, then the engine's conversion runs (skips, empties,
 * numbers, UTC date-times, file links).
 */

/** Images pasted or chosen in a rich-text editor, kept until submit: blob: URL → file. */
const pendingBlobs = new Map<string, File>();

export function registerRichTextBlob(file: File): string {
  const url = URL.createObjectURL(file);
  pendingBlobs.set(url, file);
  return url;
}

export function pendingRichTextBlob(url: string): File | undefined {
  return pendingBlobs.get(url);
}

/** Uploads one file and answers its download link. */
export type UploadFile = (file: File) => Promise<string>;

/** Spec §5: rich-text images are jpeg, png, webp, gif, bmp or svg, 20 MB at most (the server checks too). */
const RICH_TEXT_IMAGE_RULES: UploadRules = {
  noun: 'image',
  isMultiple: false,
  minFiles: 0,
  maxFiles: 1,
  minSize: 0,
  maxSize: RICH_TEXT_IMAGE_MAX_SIZE,
  formats: [...RICH_TEXT_IMAGE_FORMATS],
  messages: {},
};

export const uploadRichTextImage: UploadFile = (file) => uploadBlob(file, file.name, RICH_TEXT_IMAGE_RULES);

/** Every rich-text value of the response (sub-forms included) with where it sits. */
function richTextValues(fields: readonly FormField[], values: unknown, out: string[] = []): string[] {
  for (const field of fields) {
    if (!isInputField(field)) continue;
    const value = ownValue(values, field.name);
    if (field.type === 'rich_text' && typeof value === 'string') out.push(value);
    if (field.type === 'form') richTextValues(field.fields, value, out);
  }
  return out;
}

/** Uploads the blob images the response's rich texts hold; answers blob URL → link. */
export async function uploadRichTextImages(fields: readonly FormField[], values: Values, upload: UploadFile): Promise<Record<string, string>> {
  const urls = new Set<string>();
  for (const html of richTextValues(fields, values)) for (const url of richTextBlobImages(html)) urls.add(url);
  const links: Record<string, string> = {};
  for (const url of urls) {
    const file = pendingBlobs.get(url);
    if (!file) continue;
    links[url] = await upload(file);
  }
  return links;
}

export function forgetRichTextBlobs(links: Record<string, string>): void {
  for (const url of Object.keys(links)) {
    pendingBlobs.delete(url);
    URL.revokeObjectURL(url);
  }
}

export function convertResponse(fields: readonly FormField[], values: Values, options: ConvertOptions): Record<string, unknown> {
  return convertForSubmit(fields, values, options);
}

/** The user's time zone: date-times typed without an offset are read in it. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Field keys in form order (sub-form fields right after their parent), for "the first invalid field". */
export function fieldKeysInOrder(fields: readonly FormField[], scope: string[] = [], out: string[] = []): string[] {
  for (const field of fields) {
    if (!isInputField(field)) continue;
    const path = [...scope, field.name];
    out.push(fieldErrorKey(path));
    if (field.type === 'form') fieldKeysInOrder(field.fields, path, out);
  }
  return out;
}

/** Scrolls to a field's frame and puts the focus on its first control. */
export function scrollToField(root: HTMLElement | null, key: string): void {
  if (!root) return;
  const frame = [...root.querySelectorAll<HTMLElement>('[data-field-key]')].find((element) => element.dataset.fieldKey === key);
  if (!frame) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  frame.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
  const controls = frame.querySelectorAll<HTMLElement>(
    'input:not([type=hidden]):not(:disabled), textarea:not(:disabled), button:not(:disabled), [contenteditable=true], [tabindex]:not([tabindex="-1"])',
  );
  // The field's own control, not its "No aplica" box.
  const control = [...controls].find((element) => !element.dataset.testid?.startsWith('skip-'));
  control?.focus({ preventScroll: true });
}
