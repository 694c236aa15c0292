import type { NumberFieldType } from './field-types.ts';
import { stepMessage, valueBoundMessage } from './messages.ts';
import type { Interpretation } from './schema.ts';

/**
 * Number fields (spec §5): entry parsing, minimum / maximum / step, the linear scale
 * (value_in_num_range) and its interpretations.
 */

export type ParsedNumber = { ok: true; value: number | null } | { ok: false };

// Digits with an optional fraction after '.' or ',' (Spanish keyboards), optional exponent.
const NUMBER_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * What the user typed → a number. An empty entry becomes null; non-numeric entry is rejected;
 * integer fields round to whole numbers (spec §5).
 */
export function parseNumberInput(raw: unknown, kind: NumberFieldType = 'float'): ParsedNumber {
  let value: number;
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'number') {
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return { ok: true, value: null };
    if (!NUMBER_TEXT.test(text)) return { ok: false };
    value = Number(text.replace(',', '.'));
  } else {
    return { ok: false };
  }
  if (!Number.isFinite(value)) return { ok: false };
  if (kind === 'integer') value = Math.round(value);
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

function decimals(value: number): number {
  const text = String(value);
  const exponent = /e([+-]\d+)$/i.exec(text);
  const mantissa = exponent ? text.slice(0, exponent.index) : text;
  const dot = mantissa.indexOf('.');
  const places = dot === -1 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, places - (exponent ? Number(exponent[1]) : 0));
}

/** Whether `value` is `base` plus a whole number of `step`s, without binary-fraction drift. */
export function isMultipleOfStep(value: number, step: number, base = 0): boolean {
  if (!(step > 0)) return true;
  const places = Math.min(15, Math.max(decimals(value), decimals(step), decimals(base)));
  const scale = 10 ** places;
  const units = Math.round((value - base) * scale);
  const stepUnits = Math.round(step * scale);
  if (stepUnits === 0) return true;
  return units % stepUnits === 0;
}

export interface NumberRules {
  min?: number | null;
  max?: number | null;
  /** Positive; none or 0 = any value. */
  step?: number | null;
  /** Steps count from here (the minimum by default, else 0), as in HTML number inputs. */
  base?: number | null;
}

/** "Debe ser al menos {min}", "Debe ser a lo más {max}", "Debe ser múltiplo de {step}" or null. */
export function checkNumberRules(value: number, rules: NumberRules): string | null {
  if (rules.min !== null && rules.min !== undefined && value < rules.min) return valueBoundMessage('min', rules.min);
  if (rules.max !== null && rules.max !== undefined && value > rules.max) return valueBoundMessage('max', rules.max);
  const step = rules.step;
  if (step !== null && step !== undefined && step > 0) {
    const base = rules.base ?? rules.min ?? 0;
    if (!isMultipleOfStep(value, step, base)) return stepMessage(step);
  }
  return null;
}

/** The rules of a number field: its min / max / step; integer fields default to step 1. */
export function numberFieldRules(kind: NumberFieldType, field: { min?: number | null; max?: number | null; step?: number | null }): NumberRules {
  return {
    min: field.min ?? null,
    max: field.max ?? null,
    step: field.step ?? (kind === 'integer' ? 1 : null),
  };
}

export interface LinearScaleConfig {
  start: number;
  stop: number;
  step: number;
}

/** The linear scale: start…stop by step (step 0 = continuous). */
export function linearScaleRules(scale: LinearScaleConfig): NumberRules {
  return { min: scale.start, max: scale.stop, step: scale.step > 0 ? scale.step : null, base: scale.start };
}

/** The points of a linear scale, for the renderer (capped so a tiny step cannot explode). */
export function linearScalePoints(scale: LinearScaleConfig, cap = 1000): number[] {
  if (!(scale.step > 0) || scale.stop < scale.start) return [];
  const places = Math.min(15, Math.max(decimals(scale.start), decimals(scale.step)));
  const factor = 10 ** places;
  const points: number[] = [];
  for (let at = 0; points.length < cap; at += 1) {
    const value = Math.round((scale.start + at * scale.step) * factor) / factor;
    if (value > scale.stop) break;
    points.push(value);
  }
  return points;
}

/** The name of the first interpretation matching the value: equal → start; between → start…stop. */
export function interpretScaleValue(value: number, interpretations: readonly Interpretation[]): string | undefined {
  for (const entry of interpretations) {
    if (entry.type === 'equal' && value === entry.start) return entry.name;
    if (entry.type === 'between' && value >= entry.start && value <= entry.stop) return entry.name;
  }
  return undefined;
}

/** A select falls back to its first option when the current value is not among them (spec §5). */
export function selectValueOrFirst<T>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value) ?? options[0];
}
