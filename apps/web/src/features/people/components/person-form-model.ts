import type { TCreatePersonRequest, TIdentityDocument, TPerson, TUpdatePersonRequest } from '@faena/contracts';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '@faena/domain/email';
import { uploadIdFromLink } from '@faena/domain/forms/files';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { IDENTITY_DOCUMENT_TYPES, INVALID_PHONE_MESSAGE, normalizePhone, validateIdentityDocument, type IdentityDocumentType } from '@faena/domain/identity-documents';
import { formatPhone } from '@faena/domain/phones';
import type { Option } from '../api/options.ts';
import type { PersonOrigin } from '../api/get-people.ts';
import type { FieldError } from '../../../shared/api/field-errors.ts';
import { setChangeFields } from '../../../shared/lib/set-changes.ts';

export { IDENTITY_DOCUMENT_TYPES };

/** The person form's values (spec forms §3: every field of the person form). */
export interface PersonFormValues {
  name: string;
  primary_email: string;
  other_emails: string[];
  phones: { number: string; label: string }[];
  identity_documents: { type: IdentityDocumentType; number: string }[];
  roles: string[];
  groups: string[];
  address: string;
  origin: PersonOrigin | null;
  company: Option | null;
  business_lines: Option[];
  workspaces: Option[];
  positions: Option[];
  /** The photo as a download link (the upload widgets' value), at most one. */
  photo: string[];
}

/** Field errors keyed like the server's: `name`, `primary_email`, `other_emails.1`, `identity_documents.0.number`, ... */
export type FieldErrors = Record<string, string>;

const UPLOAD_BASE = '/api/document-manager/v3/upload';
const photoLinkOf = (uploadId: string | null) => (uploadId ? [`${UPLOAD_BASE}/${encodeURIComponent(uploadId)}/download`] : []);
const uploadIdOf = (link: string | undefined) => (link ? (uploadIdFromLink(link) ?? null) : null);

export const EMPTY_PERSON: PersonFormValues = {
  name: '',
  primary_email: '',
  other_emails: [],
  phones: [],
  identity_documents: [],
  roles: [],
  groups: [],
  address: '',
  origin: null,
  company: null,
  business_lines: [],
  workspaces: [],
  positions: [],
  photo: [],
};

export function valuesOf(person: TPerson): PersonFormValues {
  return {
    name: person.name,
    primary_email: person.primary_email ?? '',
    other_emails: [...person.other_emails],
    // shown grouped as people read them ("+56 9 1234 5678"); the server keeps + and digits again
    phones: person.phones.map((phone) => ({ number: formatPhone(phone.number), label: phone.label ?? '' })),
    identity_documents: person.identity_documents.map((doc) => ({ type: doc.type, number: doc.number })),
    roles: [...person.roles],
    groups: [...person.groups],
    address: person.address ?? '',
    origin: person.origin,
    company: person.company ? { value: person.company.id, label: person.company.name } : null,
    business_lines: person.business_lines.map((line) => ({ value: line.id, label: line.name })),
    workspaces: person.workspaces.map((place) => ({ value: place.id, label: place.name })),
    positions: person.positions.map((position) => ({ value: position.id, label: position.title })),
    photo: photoLinkOf(person.photo_upload_id),
  };
}

/**
 * The checks the server makes on shape, with the same messages (spec forms §5: "Invalid RUT",
 * "Invalid email"; the required text of the forms engine). Rows left entirely blank are ignored.
 */
export function validatePerson(values: PersonFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = FORM_MESSAGES.required;
  const primary = normalizeEmail(values.primary_email);
  if (primary && !isValidEmail(primary)) errors.primary_email = INVALID_EMAIL_MESSAGE;
  values.other_emails.forEach((email, index) => {
    const value = normalizeEmail(email);
    if (value && !isValidEmail(value)) errors[`other_emails.${index}`] = INVALID_EMAIL_MESSAGE;
  });
  values.phones.forEach((phone, index) => {
    if (phone.number.trim() && !normalizePhone(phone.number)) errors[`phones.${index}`] = INVALID_PHONE_MESSAGE;
  });
  values.identity_documents.forEach((doc, index) => {
    if (!doc.number.trim()) return;
    const message = validateIdentityDocument(doc.type, doc.number);
    if (message) errors[`identity_documents.${index}.number`] = message;
  });
  return errors;
}

/** The request body: blank rows dropped, text trimmed, references as ids. */
export function requestOf(values: PersonFormValues): TCreatePersonRequest {
  const documents: TIdentityDocument[] = values.identity_documents.filter((doc) => doc.number.trim()).map((doc) => ({ type: doc.type, number: doc.number.trim() }));
  return {
    name: values.name.trim(),
    primary_email: values.primary_email.trim() || null,
    other_emails: values.other_emails.map((email) => email.trim()).filter(Boolean),
    phones: values.phones.filter((phone) => phone.number.trim()).map((phone) => ({ number: normalizePhone(phone.number) ?? phone.number.trim(), label: phone.label.trim() || null })),
    identity_documents: documents,
    roles: values.roles.map((role) => role.trim()).filter(Boolean),
    groups: values.groups.map((group) => group.trim()).filter(Boolean),
    address: values.address.trim() || null,
    origin: values.origin,
    company_id: values.company?.value ?? null,
    business_line_ids: values.business_lines.map((option) => option.value),
    workspace_ids: values.workspaces.map((option) => option.value),
    position_ids: values.positions.map((option) => option.value),
    photo_upload_id: uploadIdOf(values.photo[0]),
  };
}

/**
 * An edit's body: only the fields that differ from the person as the form read them, so two
 * people editing different fields of one person at once do not undo each other's changes. The
 * positions go as what was added and taken off: a position someone gave them meanwhile (from the
 * position or the people list) stays.
 */
export function changesOf(initial: PersonFormValues, values: PersonFormValues): TUpdatePersonRequest {
  const before = requestOf(initial);
  const after = requestOf(values);
  const keys = Object.keys(after) as (keyof TCreatePersonRequest)[];
  const { position_ids: _positions, ...changed } = Object.fromEntries(
    keys.filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key])).map((key) => [key, after[key]]),
  ) as TUpdatePersonRequest;
  return { ...changed, ...setChangeFields(before.position_ids ?? [], after.position_ids ?? [], 'positions_added', 'positions_removed') };
}

/**
 * Blank rows are dropped before sending, so the server's indexes count only the filled ones:
 * maps them back onto the rows as the user sees them.
 */
function filledIndexes<T>(rows: T[], filled: (row: T) => boolean): number[] {
  const out: number[] = [];
  rows.forEach((row, index) => {
    if (filled(row)) out.push(index);
  });
  return out;
}

/** Server request fields that the form shows under another name. */
const FIELD_ALIASES: Record<string, string> = {
  company_id: 'company',
  business_line_ids: 'business_lines',
  workspace_ids: 'workspaces',
  position_ids: 'positions',
  positions_added: 'positions',
  positions_removed: 'positions',
  photo_upload_id: 'photo',
};

/**
 * A 400's field errors onto the form's fields, each as `say` words it: row indexes follow the
 * rows shown, unknown fields land in `form` (shown above the buttons).
 */
export function mapServerErrors(values: PersonFormValues, serverErrors: Record<string, FieldError>, say: (error: FieldError) => string = (error) => error.texts.join(' ')): FieldErrors {
  const rows: Record<string, number[]> = {
    other_emails: filledIndexes(values.other_emails, (email) => Boolean(email.trim())),
    phones: filledIndexes(values.phones, (phone) => Boolean(phone.number.trim())),
    identity_documents: filledIndexes(values.identity_documents, (doc) => Boolean(doc.number.trim())),
  };
  const known = new Set([
    'name',
    'primary_email',
    'roles',
    'groups',
    'address',
    'origin',
    'company',
    'business_lines',
    'workspaces',
    'positions',
    'photo',
    'other_emails',
    'phones',
    'identity_documents',
  ]);
  const errors: FieldErrors = {};
  for (const [field, error] of Object.entries(serverErrors)) {
    const message = say(error);
    const [head = '', index, ...rest] = field.split('.');
    const name = FIELD_ALIASES[head] ?? head;
    let key = name;
    if (index !== undefined && rows[name]) {
      const shown = rows[name]![Number(index)];
      key = shown === undefined ? name : [name, String(shown), ...rest].join('.');
    }
    if (!known.has(name)) errors.form = errors.form ? `${errors.form} ${message}` : message;
    else errors[key] = errors[key] ? `${errors[key]} ${message}` : message;
  }
  return errors;
}

/** The first field with an error, in the order of the form (to scroll to it). */
export function firstErrorKey(errors: FieldErrors): string | undefined {
  const order = [
    'name',
    'photo',
    'primary_email',
    'other_emails',
    'identity_documents',
    'phones',
    'address',
    'origin',
    'company',
    'positions',
    'business_lines',
    'workspaces',
    'roles',
    'groups',
    'form',
  ];
  return Object.keys(errors).sort((a, b) => order.indexOf(a.split('.')[0]!) - order.indexOf(b.split('.')[0]!))[0];
}
