import { z } from 'zod';

/**
 * Validator definitions (spec §3 Validator): a type plus an optional message, and per type:
 * min_length / max_length → limit_value; regex → regex; email → nothing; min_value / max_value →
 * value; min_file_size / max_file_size → limit_value in bytes; allowed_formats → formats.
 * `rut` (no parameters) is a Faena addition for Chilean ids.
 */

export const REGEX_MAX_LENGTH = 500;
export const VALIDATOR_MESSAGE_MAX_LENGTH = 500;

/**
 * Refuses patterns with a quantified group that itself contains a quantifier — `(a+)+`,
 * `(\w*)*`, `(x|y+){2,}` — the classic catastrophic-backtracking shapes. The server runs
 * administrators' patterns on every submit; this keeps one bad pattern from stalling it.
 */
export function isSafeRegex(pattern: string): boolean {
  const stack: boolean[] = [];
  let hasQuantifier = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      stack.push(hasQuantifier);
      hasQuantifier = false;
    } else if (char === ')') {
      const inner: boolean = hasQuantifier;
      const rest = pattern.slice(i + 1);
      // An exact count {n} repeats a fixed number of times: no blow-up.
      const repeats = rest.startsWith('*') || rest.startsWith('+') || (rest.startsWith('{') && !/^\{\d+\}/.test(rest));
      if (inner && repeats) return false;
      hasQuantifier = (stack.pop() ?? false) || inner || repeats || rest.startsWith('?') || rest.startsWith('{');
    } else if (char === '*' || char === '+' || char === '{' || (char === '?' && pattern[i - 1] !== '(')) {
      hasQuantifier = true;
    }
  }
  return true;
}

/** Python-style named groups `(?P<x>…)` from older definitions become JavaScript's `(?<x>…)`. */
export function toJsPattern(pattern: string): string {
  return pattern.replace(/\(\?P</g, '(?<');
}

/** Compiles an administrator's pattern, or undefined if it is invalid or unsafe. */
export function compileRegex(pattern: string): RegExp | undefined {
  if (pattern.length > REGEX_MAX_LENGTH || !isSafeRegex(pattern)) return undefined;
  try {
    return new RegExp(toJsPattern(pattern), 'u');
  } catch {
    try {
      return new RegExp(toJsPattern(pattern));
    } catch {
      return undefined;
    }
  }
}

const ZMessage = z.string().max(VALIDATOR_MESSAGE_MAX_LENGTH).nullish();
const ZLimit = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ZBound = z.union([z.number().finite(), z.string().trim().min(1).max(100)]);
const ZFormat = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\.?[a-z0-9][a-z0-9+-]{0,15}$/, 'Formato inválido')
  // overwrite (not transform) keeps the schema representable in the OpenAPI document
  .overwrite((format) => (format.startsWith('.') ? format.slice(1) : format));

export const ZMinLengthValidator = z.object({ type: z.literal('min_length'), limit_value: ZLimit, message: ZMessage });
export const ZMaxLengthValidator = z.object({ type: z.literal('max_length'), limit_value: ZLimit, message: ZMessage });
export const ZRegexValidator = z.object({
  type: z.literal('regex'),
  regex: z
    .string()
    .min(1)
    .max(REGEX_MAX_LENGTH)
    .refine((pattern) => isSafeRegex(pattern), 'Expresión regular con repeticiones anidadas (riesgo de lentitud)')
    .refine((pattern) => compileRegex(pattern) !== undefined, 'Expresión regular inválida'),
  message: ZMessage,
});
export const ZEmailValidator = z.object({ type: z.literal('email'), message: ZMessage });
export const ZMinValueValidator = z.object({ type: z.literal('min_value'), value: ZBound, message: ZMessage });
export const ZMaxValueValidator = z.object({ type: z.literal('max_value'), value: ZBound, message: ZMessage });
export const ZMinFileSizeValidator = z.object({ type: z.literal('min_file_size'), limit_value: ZLimit, message: ZMessage });
export const ZMaxFileSizeValidator = z.object({ type: z.literal('max_file_size'), limit_value: ZLimit, message: ZMessage });
export const ZAllowedFormatsValidator = z.object({
  type: z.literal('allowed_formats'),
  formats: z.array(ZFormat).min(1).max(50),
  message: ZMessage,
});
export const ZRutValidator = z.object({ type: z.literal('rut'), message: ZMessage });

export const ZValidator = z.discriminatedUnion('type', [
  ZMinLengthValidator,
  ZMaxLengthValidator,
  ZRegexValidator,
  ZEmailValidator,
  ZMinValueValidator,
  ZMaxValueValidator,
  ZMinFileSizeValidator,
  ZMaxFileSizeValidator,
  ZAllowedFormatsValidator,
  ZRutValidator,
]);
export type Validator = z.infer<typeof ZValidator>;
export type ValidatorOf<T extends Validator['type']> = Extract<Validator, { type: T }>;
