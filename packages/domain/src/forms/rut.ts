import { FORM_MESSAGES } from './messages.ts';

/**
 * Chilean RUT (spec §5): body and check digit, format 12345678-k, dash optional; dots are
 * tolerated as typed ("12.345.678-5"). The check digit is modulo 11 with weights 2…7;
 * 10 is written K (either case), 11 is 0.
 */

const RUT = /^(\d{1,8})-?([\dkK])$/;

export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let at = body.length - 1; at >= 0; at -= 1) {
    sum += Number(body[at]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** A RUT written in full from its body: `12345678` → `12345678-5` (generated rows in tests and benchmarks). */
export function formatRut(body: number | string): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

export function isValidRut(value: string): boolean {
  const match = RUT.exec(value.trim().replace(/\./g, ''));
  if (!match) return false;
  const body = match[1]!;
  if (/^0+$/.test(body)) return false;
  return rutCheckDigit(body) === match[2]!.toUpperCase();
}

/** "Invalid RUT" or null. */
export function validateRut(value: string): string | null {
  return isValidRut(value) ? null : FORM_MESSAGES.invalidRut;
}

/** Canonical writing: "12345678-5" (no dots, upper-case K). */
export function normalizeRut(value: string): string | undefined {
  const match = RUT.exec(value.trim().replace(/\./g, ''));
  if (!match || !isValidRut(value)) return undefined;
  return `${match[1]!.replace(/^0+/, '')}-${match[2]!.toUpperCase()}`;
}
