import { isValidRut, normalizeRut } from './forms/rut.ts';

/** Identity document types of the person form (spec forms §3). */
export const IDENTITY_DOCUMENT_TYPES = ['CL_CI', 'PASSPORT', 'PE_DNI', 'CO_CC', 'MX_CURP', 'MX_RFS', 'MX_INE', 'MX_NSS', 'SV_DUI'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export const INVALID_RUT_MESSAGE = 'Invalid RUT';
export const INVALID_DOCUMENT_MESSAGE = 'Invalid document number';

export function isIdentityDocumentType(value: string): value is IdentityDocumentType {
  return (IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(value);
}

const compact = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');

/** CURP check digit: positions 1–17 over the alphabet 0-9 A-N Ñ O-Z, weights 18…2, mod 10. */
function curpCheckDigit(body: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += alphabet.indexOf(body[i]!) * (18 - i);
  return String((10 - (sum % 10)) % 10);
}

/** Luhn check over all digits (Mexican NSS: 10 digits and a Luhn check digit). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Salvadoran DUI: 8 digits and a check digit, weights 9…2, (10 − sum mod 10) mod 10. */
function duiValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

/**
 * The canonical writing of a document number of a type, or undefined when it is not valid:
 * CL_CI "12345678-5" (RUT, check digit); PASSPORT 5–20 letters and digits; PE_DNI 8 digits;
 * CO_CC 5–10 digits; MX_CURP 18 characters with its check digit; MX_RFS (RFC) 12–13
 * characters; MX_INE an elector key (18) or a CIC/OCR number (9–13 digits); MX_NSS 11 digits
 * (Luhn); SV_DUI "12345678-9" (check digit).
 */
export function normalizeIdentityDocument(type: IdentityDocumentType, value: string): string | undefined {
  switch (type) {
    case 'CL_CI':
      return normalizeRut(value);
    case 'PASSPORT': {
      const v = compact(value);
      return /^[A-Z0-9]{5,20}$/.test(v) ? v : undefined;
    }
    case 'PE_DNI': {
      const v = compact(value);
      return /^\d{8}$/.test(v) ? v : undefined;
    }
    case 'CO_CC': {
      const v = compact(value);
      return /^\d{5,10}$/.test(v) && !/^0/.test(v) ? v : undefined;
    }
    case 'MX_CURP': {
      const v = compact(value);
      return /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9]\d$/.test(v) && curpCheckDigit(v) === v[17] ? v : undefined;
    }
    case 'MX_RFS': {
      const v = compact(value);
      return /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(v) ? v : undefined;
    }
    case 'MX_INE': {
      const v = compact(value);
      return /^[A-Z]{6}\d{8}[HMX]\d{3}$/.test(v) || /^\d{9,13}$/.test(v) ? v : undefined;
    }
    case 'MX_NSS': {
      const v = compact(value);
      return /^\d{11}$/.test(v) && luhnValid(v) ? v : undefined;
    }
    case 'SV_DUI': {
      const v = compact(value);
      return /^\d{9}$/.test(v) && duiValid(v) ? `${v.slice(0, 8)}-${v[8]}` : undefined;
    }
  }
}

export function isValidIdentityDocument(type: IdentityDocumentType, value: string): boolean {
  return normalizeIdentityDocument(type, value) !== undefined;
}

/** "Invalid RUT" for CL_CI, "Invalid document number" otherwise, or null when valid. */
export function validateIdentityDocument(type: IdentityDocumentType, value: string): string | null {
  if (type === 'CL_CI') return isValidRut(value) ? null : INVALID_RUT_MESSAGE;
  return isValidIdentityDocument(type, value) ? null : INVALID_DOCUMENT_MESSAGE;
}

/** Person origin (spec forms §3): own organization (mandate account), business partner, contractor business. */
export const PERSON_ORIGINS = ['OWN_ORGANIZATION', 'BUSINESS_PARTNER', 'CONTRACTOR_BUSINESS'] as const;
export type PersonOrigin = (typeof PERSON_ORIGINS)[number];

export const INVALID_PHONE_MESSAGE = 'Invalid phone number';

/** A phone as typed: digits with an optional leading +, spaces, dots, dashes and brackets; 6–15 digits. */
export function normalizePhone(value: string): string | undefined {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return undefined;
  const digits = v.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return undefined;
  return `${v.startsWith('+') ? '+' : ''}${digits}`;
}

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower case without accents or repeated spaces: what search and ordering compare. */
export function foldText(value: string): string {
  // Plain ASCII has no accents to strip: skip the Unicode decomposition (imports fold every row).
  if (!NON_ASCII.test(value)) return value.toLowerCase().replace(/\s+/g, ' ').trim();
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
