import { parseShowIf, ShowIfError, type ShowIfNode } from './show-if-parser.ts';

export * from './show-if-parser.ts';

/**
 * show_if evaluation. Total over any input: a value of the wrong kind makes a comparison false
 * instead of throwing, because a condition must never break a form. Field values are read only
 * through own properties (Object.hasOwn), so `__proto__`, `constructor` and friends resolve to
 * null unless the response really holds a field of that name.
 */

export type ShowIfValue = null | boolean | number | string | readonly unknown[] | object;

/** Reads the value of a top-level field by name; undefined counts as null. */
export type ShowIfLookup = (name: string) => unknown;

const MAX_EQUALITY_DEPTH = 16;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ownValue(container: unknown, key: string): unknown {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(key)) return undefined;
    const at = Number(key);
    return at < container.length ? container[at] : undefined;
  }
  if (isObject(container) && Object.hasOwn(container, key)) return container[key];
  return undefined;
}

/** false, null, 0, NaN, blank text, empty list and empty object are falsy. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** "Empty" as the forms engine means it: null, blank text, empty list, object of empties. */
export function isEmptyForCondition(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) {
    if (depth > MAX_EQUALITY_DEPTH) return false;
    return Object.values(value).every((item) => isEmptyForCondition(item, depth + 1));
  }
  return false;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

/** Equality with one convenience: a number equals its numeric text ("5" == 5). */
export function looseEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (depth > MAX_EQUALITY_DEPTH) return false;
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (left === null || right === null) return left === right;
  if (typeof left === 'number' || typeof right === 'number') {
    if (typeof left === 'boolean' || typeof right === 'boolean') return false;
    const x = asNumber(left);
    const y = asNumber(right);
    return x !== undefined && y !== undefined && x === y;
  }
  if (typeof left === 'string' || typeof right === 'string' || typeof left === 'boolean' || typeof right === 'boolean') {
    return left === right;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, at) => looseEqual(item, right[at], depth + 1));
  }
  if (isObject(left) && isObject(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && looseEqual(left[key], right[key], depth + 1));
  }
  return false;
}

function compareOrder(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = asNumber(a);
    const y = asNumber(b);
    if (x === undefined || y === undefined) return undefined;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return undefined;
}

function membership(item: unknown, container: unknown): boolean {
  if (Array.isArray(container)) return container.some((candidate) => looseEqual(item, candidate));
  if (typeof container === 'string' && typeof item === 'string') return container.includes(item);
  return false;
}

function toLookup(values: ShowIfLookup | Readonly<Record<string, unknown>> | null | undefined): ShowIfLookup {
  if (typeof values === 'function') return values;
  return (name) => ownValue(values, name);
}

function evaluateNode(node: ShowIfNode, lookup: ShowIfLookup): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'list':
      return node.items.map((item) => evaluateNode(item, lookup));
    case 'ref': {
      let value: unknown = lookup(node.path[0]!);
      for (let at = 1; at < node.path.length && value !== undefined && value !== null; at += 1) {
        value = ownValue(value, node.path[at]!);
      }
      return value === undefined ? null : value;
    }
    case 'not':
      return !isTruthy(evaluateNode(node.operand, lookup));
    case 'neg': {
      const value = asNumber(evaluateNode(node.operand, lookup));
      return value === undefined ? null : -value;
    }
    case 'and':
      return node.operands.every((operand) => isTruthy(evaluateNode(operand, lookup)));
    case 'or':
      return node.operands.some((operand) => isTruthy(evaluateNode(operand, lookup)));
    case 'compare': {
      const left = evaluateNode(node.left, lookup);
      const right = evaluateNode(node.right, lookup);
      if (node.op === '==') return looseEqual(left, right);
      if (node.op === '!=') return !looseEqual(left, right);
      const order = compareOrder(left, right);
      if (order === undefined) return false;
      if (node.op === '<') return order < 0;
      if (node.op === '<=') return order <= 0;
      if (node.op === '>') return order > 0;
      return order >= 0;
    }
    case 'in': {
      const found = membership(evaluateNode(node.left, lookup), evaluateNode(node.right, lookup));
      return node.negated ? !found : found;
    }
    case 'is': {
      const value = evaluateNode(node.operand, lookup);
      const result = node.test === 'null' ? value === null || value === undefined : isEmptyForCondition(value);
      return node.negated ? !result : result;
    }
    case 'call': {
      const value = evaluateNode(node.args[0]!, lookup);
      if (node.name === 'empty') return isEmptyForCondition(value);
      if (node.name === 'lower') return typeof value === 'string' ? value.toLowerCase() : value;
      if (value === null || value === undefined) return 0;
      if (Array.isArray(value)) return value.length;
      if (typeof value === 'string') return [...value].length;
      if (isObject(value)) return Object.keys(value).length;
      return 1;
    }
  }
}

/** The value of an expression (what POST /api/logic-parser/v3/evaluate answers as `result`). */
export function evaluateShowIf(node: ShowIfNode, values: ShowIfLookup | Readonly<Record<string, unknown>> | null | undefined): unknown {
  return evaluateNode(node, toLookup(values));
}

/** Parses and evaluates; throws ShowIfError for a malformed expression. */
export function evaluateExpression(expression: string, values: ShowIfLookup | Readonly<Record<string, unknown>> | null | undefined): unknown {
  return evaluateShowIf(parseShowIf(expression), values);
}

/** Whether a condition holds (its value is truthy). */
export function showIfHolds(node: ShowIfNode, values: ShowIfLookup | Readonly<Record<string, unknown>>): boolean {
  return isTruthy(evaluateShowIf(node, values));
}

/** A blank show_if means "always shown". */
export function hasCondition(showIf: string | null | undefined): showIf is string {
  return typeof showIf === 'string' && showIf.trim() !== '';
}

export type EvaluateOutcome = { ok: true; result: unknown } | { ok: false; error: { code: 'invalid-expression'; detail: string; reason: string; position: number } };

/**
 * POST /api/logic-parser/v3/evaluate {expression, values} → {result}; a malformed expression →
 * 400 {code: "invalid-expression", detail}. The route validates the body shape and maps this
 * outcome; a blank expression evaluates to true ("always shown").
 */
export function evaluateForApi(expression: string, values: unknown): EvaluateOutcome {
  if (!hasCondition(expression)) return { ok: true, result: true };
  try {
    return { ok: true, result: evaluateShowIf(parseShowIf(expression), values as Record<string, unknown>) };
  } catch (error) {
    if (error instanceof ShowIfError) {
      return { ok: false, error: { code: error.code, detail: error.message, reason: error.reason, position: error.position } };
    }
    throw error;
  }
}
