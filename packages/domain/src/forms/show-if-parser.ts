/**
 * show_if — the condition language of form fields. Hand-written tokenizer and recursive-descent
 * parser producing an AST; nothing is ever eval'd. Grammar and examples: show-if.md.
 */

export const SHOW_IF_MAX_LENGTH = 2000;
export const SHOW_IF_MAX_DEPTH = 32;
export const SHOW_IF_FUNCTIONS = ['empty', 'count', 'lower'] as const;
export type ShowIfFunction = (typeof SHOW_IF_FUNCTIONS)[number];

export type ShowIfErrorReason =
  'too-long' | 'too-deep' | 'unexpected-character' | 'unterminated-string' | 'invalid-escape' | 'invalid-number' | 'unexpected-token' | 'unexpected-end' | 'unknown-function' | 'wrong-arity';

/** The only error the parser throws. `position` is the 0-based offset in the expression. */
export class ShowIfError extends Error {
  readonly code = 'invalid-expression';
  readonly reason: ShowIfErrorReason;
  readonly position: number;
  constructor(reason: ShowIfErrorReason, message: string, position: number) {
    super(`${message} (column ${position + 1})`);
    this.name = 'ShowIfError';
    this.reason = reason;
    this.position = position;
  }
}

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type Literal = null | boolean | number | string;

export type ShowIfNode =
  | { kind: 'literal'; value: Literal; pos: number }
  | { kind: 'list'; items: ShowIfNode[]; pos: number }
  | { kind: 'ref'; path: string[]; pos: number }
  | { kind: 'not'; operand: ShowIfNode; pos: number }
  | { kind: 'neg'; operand: ShowIfNode; pos: number }
  | { kind: 'and' | 'or'; operands: ShowIfNode[]; pos: number }
  | { kind: 'compare'; op: CompareOp; left: ShowIfNode; right: ShowIfNode; pos: number }
  | { kind: 'in'; negated: boolean; left: ShowIfNode; right: ShowIfNode; pos: number }
  | { kind: 'is'; test: 'empty' | 'null'; negated: boolean; operand: ShowIfNode; pos: number }
  | { kind: 'call'; name: ShowIfFunction; args: ShowIfNode[]; pos: number };

type TokenType = 'number' | 'string' | 'ident' | 'qident' | 'keyword' | 'op' | 'end';
interface Token {
  type: TokenType;
  /** Keywords are lower-cased; strings unescaped; identifiers as written. */
  text: string;
  pos: number;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'true', 'false', 'null']);
// Longest first, so "<=" wins over "<".
const OPERATORS = ['==', '!=', '<>', '<=', '>=', '&&', '||', '<', '>', '=', '!', '-', '(', ')', '[', ']', ',', '.'];
const IDENT_START = /[\p{L}_]/u;
const IDENT_PART = /[\p{L}\p{N}_]/u;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', t: '\t', r: '\r' };

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      i += 1;
      continue;
    }
    const start = i;
    if (isDigit(char)) {
      while (isDigit(source[i])) i += 1;
      if (source[i] === '.' && isDigit(source[i + 1])) {
        i += 1;
        while (isDigit(source[i])) i += 1;
      }
      if (source[i] === 'e' || source[i] === 'E') {
        let j = i + 1;
        if (source[j] === '+' || source[j] === '-') j += 1;
        if (!isDigit(source[j])) throw new ShowIfError('invalid-number', 'Invalid number', start);
        i = j;
        while (isDigit(source[i])) i += 1;
      }
      const text = source.slice(start, i);
      if (!Number.isFinite(Number(text))) throw new ShowIfError('invalid-number', 'Number out of range', start);
      if (i < source.length && IDENT_START.test(String.fromCodePoint(source.codePointAt(i)!))) {
        throw new ShowIfError('invalid-number', 'Invalid number', start);
      }
      tokens.push({ type: 'number', text, pos: start });
      continue;
    }
    if (char === '"' || char === "'") {
      let value = '';
      i += 1;
      for (;;) {
        const next = source[i];
        if (next === undefined) throw new ShowIfError('unterminated-string', 'Unterminated string', start);
        if (next === char) break;
        if (next === '\\') {
          const escaped = source[i + 1];
          if (escaped === undefined) throw new ShowIfError('unterminated-string', 'Unterminated string', start);
          const replacement = Object.hasOwn(ESCAPES, escaped) ? ESCAPES[escaped] : undefined;
          if (replacement === undefined) throw new ShowIfError('invalid-escape', `Invalid escape \\${escaped}`, i);
          value += replacement;
          i += 2;
          continue;
        }
        value += next;
        i += 1;
      }
      i += 1;
      tokens.push({ type: 'string', text: value, pos: start });
      continue;
    }
    if (char === '`') {
      const end = source.indexOf('`', i + 1);
      if (end === -1) throw new ShowIfError('unterminated-string', 'Unterminated field name', start);
      const name = source.slice(i + 1, end);
      if (name === '') throw new ShowIfError('unexpected-token', 'Empty field name', start);
      tokens.push({ type: 'qident', text: name, pos: start });
      i = end + 1;
      continue;
    }
    if (IDENT_START.test(String.fromCodePoint(source.codePointAt(i)!))) {
      // Step by code point so letters outside the BMP stay whole.
      while (i < source.length) {
        const point = String.fromCodePoint(source.codePointAt(i)!);
        if (!IDENT_PART.test(point)) break;
        i += point.length;
      }
      const text = source.slice(start, i);
      const lower = text.toLowerCase();
      tokens.push(KEYWORDS.has(lower) ? { type: 'keyword', text: lower, pos: start } : { type: 'ident', text, pos: start });
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (op === undefined) {
      const shown = String.fromCodePoint(source.codePointAt(i)!);
      throw new ShowIfError('unexpected-character', `Unexpected character ${JSON.stringify(shown)}`, start);
    }
    tokens.push({ type: 'op', text: op, pos: start });
    i += op.length;
  }
  tokens.push({ type: 'end', text: '', pos: source.length });
  return tokens;
}

const COMPARE_OPS: Record<string, CompareOp> = {
  '==': '==',
  '=': '==',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function describe(token: Token): string {
  if (token.type === 'end') return 'end of expression';
  if (token.type === 'string') return 'string';
  return `'${token.text}'`;
}

/** Parses a show_if expression. Throws ShowIfError (and nothing else) when malformed. */
export function parseShowIf(source: string): ShowIfNode {
  if (typeof source !== 'string') throw new ShowIfError('unexpected-token', 'Expression must be text', 0);
  if (source.length > SHOW_IF_MAX_LENGTH) {
    throw new ShowIfError('too-long', `Expression longer than ${SHOW_IF_MAX_LENGTH} characters`, SHOW_IF_MAX_LENGTH);
  }
  const tokens = tokenize(source);
  let index = 0;
  let depth = 0;

  const peek = (): Token => tokens[index]!;
  const next = (): Token => tokens[index++]!;
  const isOp = (token: Token, ...ops: string[]): boolean => token.type === 'op' && ops.includes(token.text);
  const isKeyword = (token: Token, word: string): boolean => token.type === 'keyword' && token.text === word;
  const fail = (token: Token): never => {
    if (token.type === 'end') throw new ShowIfError('unexpected-end', 'Unexpected end of expression', token.pos);
    throw new ShowIfError('unexpected-token', `Unexpected ${describe(token)}`, token.pos);
  };
  const expectOp = (op: string): Token => {
    const token = next();
    if (!isOp(token, op)) {
      if (token.type === 'end') throw new ShowIfError('unexpected-end', `Expected '${op}'`, token.pos);
      throw new ShowIfError('unexpected-token', `Expected '${op}' but found ${describe(token)}`, token.pos);
    }
    return token;
  };
  const nested = <T>(pos: number, parse: () => T): T => {
    depth += 1;
    if (depth > SHOW_IF_MAX_DEPTH) throw new ShowIfError('too-deep', `Nesting deeper than ${SHOW_IF_MAX_DEPTH}`, pos);
    try {
      return parse();
    } finally {
      depth -= 1;
    }
  };

  function parseOr(): ShowIfNode {
    const first = parseAnd();
    const operands = [first];
    while (isKeyword(peek(), 'or') || isOp(peek(), '||')) {
      next();
      operands.push(parseAnd());
    }
    return operands.length === 1 ? first : { kind: 'or', operands, pos: first.pos };
  }

  function parseAnd(): ShowIfNode {
    const first = parseNot();
    const operands = [first];
    while (isKeyword(peek(), 'and') || isOp(peek(), '&&')) {
      next();
      operands.push(parseNot());
    }
    return operands.length === 1 ? first : { kind: 'and', operands, pos: first.pos };
  }

  function parseNot(): ShowIfNode {
    const token = peek();
    if (isKeyword(token, 'not') || isOp(token, '!')) {
      next();
      return nested(token.pos, () => ({ kind: 'not', operand: parseNot(), pos: token.pos }));
    }
    return parseComparison();
  }

  function parseComparison(): ShowIfNode {
    const left = parseUnary();
    const token = peek();
    if (token.type === 'op' && Object.hasOwn(COMPARE_OPS, token.text)) {
      next();
      const right = parseUnary();
      return { kind: 'compare', op: COMPARE_OPS[token.text]!, left, right, pos: token.pos };
    }
    if (isKeyword(token, 'in')) {
      next();
      return { kind: 'in', negated: false, left, right: parseUnary(), pos: token.pos };
    }
    if (isKeyword(token, 'not') && isKeyword(tokens[index + 1]!, 'in')) {
      index += 2;
      return { kind: 'in', negated: true, left, right: parseUnary(), pos: token.pos };
    }
    if (isKeyword(token, 'is')) {
      next();
      let negated = false;
      if (isKeyword(peek(), 'not')) {
        next();
        negated = true;
      }
      const what = next();
      if (isKeyword(what, 'null')) return { kind: 'is', test: 'null', negated, operand: left, pos: token.pos };
      if (what.type === 'ident' && what.text.toLowerCase() === 'empty') {
        return { kind: 'is', test: 'empty', negated, operand: left, pos: token.pos };
      }
      if (what.type === 'end') throw new ShowIfError('unexpected-end', "Expected 'empty' or 'null'", what.pos);
      throw new ShowIfError('unexpected-token', `Expected 'empty' or 'null' but found ${describe(what)}`, what.pos);
    }
    return left;
  }

  function parseUnary(): ShowIfNode {
    const token = peek();
    if (isOp(token, '-')) {
      next();
      return nested(token.pos, () => ({ kind: 'neg', operand: parseUnary(), pos: token.pos }));
    }
    return parsePrimary();
  }

  function parseList(open: Token): ShowIfNode {
    const items: ShowIfNode[] = [];
    while (!isOp(peek(), ']')) {
      items.push(parseOr());
      if (!isOp(peek(), ',')) break;
      next();
    }
    expectOp(']');
    return { kind: 'list', items, pos: open.pos };
  }

  function parseCall(name: Token): ShowIfNode {
    const lower = name.text.toLowerCase();
    const known = SHOW_IF_FUNCTIONS.find((fn) => fn === lower);
    if (known === undefined) throw new ShowIfError('unknown-function', `Unknown function '${name.text}'`, name.pos);
    expectOp('(');
    const args: ShowIfNode[] = [];
    while (!isOp(peek(), ')')) {
      args.push(parseOr());
      if (!isOp(peek(), ',')) break;
      next();
    }
    expectOp(')');
    if (args.length !== 1) throw new ShowIfError('wrong-arity', `'${known}' takes exactly one argument`, name.pos);
    return { kind: 'call', name: known, args, pos: name.pos };
  }

  function parseReference(first: Token): ShowIfNode {
    const path = [first.text];
    while (isOp(peek(), '.')) {
      next();
      const part = next();
      if (part.type === 'ident' || part.type === 'qident' || part.type === 'keyword') path.push(part.text);
      else if (part.type === 'number' && /^\d+$/.test(part.text)) path.push(part.text);
      else if (part.type === 'end') throw new ShowIfError('unexpected-end', "Expected a name after '.'", part.pos);
      else throw new ShowIfError('unexpected-token', `Expected a name after '.' but found ${describe(part)}`, part.pos);
    }
    return { kind: 'ref', path, pos: first.pos };
  }

  function parsePrimary(): ShowIfNode {
    const token = next();
    switch (token.type) {
      case 'number':
        return { kind: 'literal', value: Number(token.text), pos: token.pos };
      case 'string':
        return { kind: 'literal', value: token.text, pos: token.pos };
      case 'keyword':
        if (token.text === 'true') return { kind: 'literal', value: true, pos: token.pos };
        if (token.text === 'false') return { kind: 'literal', value: false, pos: token.pos };
        if (token.text === 'null') return { kind: 'literal', value: null, pos: token.pos };
        return fail(token);
      case 'ident':
        if (isOp(peek(), '(')) return nested(token.pos, () => parseCall(token));
        return parseReference(token);
      case 'qident':
        return parseReference(token);
      case 'op':
        if (token.text === '(') {
          return nested(token.pos, () => {
            const inner = parseOr();
            expectOp(')');
            return inner;
          });
        }
        if (token.text === '[') return nested(token.pos, () => parseList(token));
        return fail(token);
      default:
        return fail(token);
    }
  }

  if (peek().type === 'end') throw new ShowIfError('unexpected-end', 'Empty expression', 0);
  const ast = parseOr();
  if (peek().type !== 'end') fail(peek());
  return ast;
}

/** Top-level field names an expression reads (the first segment of every reference). */
export function referencedFields(node: ShowIfNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'ref':
      into.add(node.path[0]!);
      break;
    case 'list':
      for (const item of node.items) referencedFields(item, into);
      break;
    case 'and':
    case 'or':
      for (const operand of node.operands) referencedFields(operand, into);
      break;
    case 'not':
    case 'neg':
    case 'is':
      referencedFields(node.operand, into);
      break;
    case 'compare':
    case 'in':
      referencedFields(node.left, into);
      referencedFields(node.right, into);
      break;
    case 'call':
      for (const arg of node.args) referencedFields(arg, into);
      break;
    case 'literal':
      break;
  }
  return into;
}
