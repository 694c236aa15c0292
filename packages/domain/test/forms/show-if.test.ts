import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateExpression,
  evaluateShowIf,
  isTruthy,
  looseEqual,
  parseShowIf,
  referencedFields,
  SHOW_IF_MAX_DEPTH,
  SHOW_IF_MAX_LENGTH,
  ShowIfError,
  tokenize,
  type ShowIfErrorReason,
} from '../../src/forms/index.ts';

const run = (expression: string, values: Record<string, unknown> = {}) => evaluateExpression(expression, values);

function failure(expression: string): { reason: ShowIfErrorReason; position: number; message: string } {
  try {
    parseShowIf(expression);
  } catch (error) {
    expect(error).toBeInstanceOf(ShowIfError);
    const { reason, position, message } = error as ShowIfError;
    expect((error as ShowIfError).code).toBe('invalid-expression');
    return { reason, position, message };
  }
  throw new Error(`expected ${expression} to fail`);
}

describe('tokenizer', () => {
  it('reads numbers, strings, names, keywords and operators', () => {
    expect(tokenize(`a.b >= 1.5e2 and "x\\"y" != 'z' || \`campo raro\``).map((token) => [token.type, token.text])).toEqual([
      ['ident', 'a'],
      ['op', '.'],
      ['ident', 'b'],
      ['op', '>='],
      ['number', '1.5e2'],
      ['keyword', 'and'],
      ['string', 'x"y'],
      ['op', '!='],
      ['string', 'z'],
      ['op', '||'],
      ['qident', 'campo raro'],
      ['end', ''],
    ]);
  });

  it('keywords are case-insensitive; accented names are names', () => {
    expect(tokenize('AND True año').map((token) => token.type)).toEqual(['keyword', 'keyword', 'ident', 'end']);
  });
});

describe('parser', () => {
  it('precedence: or < and < not < comparison', () => {
    expect(parseShowIf('a or b and not c == 1')).toMatchObject({
      kind: 'or',
      operands: [
        { kind: 'ref', path: ['a'] },
        {
          kind: 'and',
          operands: [
            { kind: 'ref', path: ['b'] },
            { kind: 'not', operand: { kind: 'compare', op: '==' } },
          ],
        },
      ],
    });
  });

  it('flattens chains so long conditions stay shallow', () => {
    const ast = parseShowIf(Array.from({ length: 150 }, (_, at) => `f${at} == 1`).join(' or '));
    expect(ast).toMatchObject({ kind: 'or' });
    expect((ast as { operands: unknown[] }).operands).toHaveLength(150);
  });

  it('lists, calls, is [not] empty/null, not in, negative numbers, paths', () => {
    expect(parseShowIf('x not in [1, -2, "a",]')).toMatchObject({
      kind: 'in',
      negated: true,
      right: { kind: 'list', items: [{ value: 1 }, { kind: 'neg' }, { value: 'a' }] },
    });
    expect(parseShowIf('count(x) >= 2')).toMatchObject({ kind: 'compare', left: { kind: 'call', name: 'count' } });
    expect(parseShowIf('x is not empty')).toMatchObject({ kind: 'is', test: 'empty', negated: true });
    expect(parseShowIf('x IS NULL')).toMatchObject({ kind: 'is', test: 'null', negated: false });
    expect(parseShowIf('gps.latitude < 0')).toMatchObject({ left: { kind: 'ref', path: ['gps', 'latitude'] } });
    expect(parseShowIf('lista.0 == "a"')).toMatchObject({ left: { kind: 'ref', path: ['lista', '0'] } });
    expect(parseShowIf('x = 1')).toMatchObject({ op: '==' });
    expect(parseShowIf('x <> 1')).toMatchObject({ op: '!=' });
  });

  it('collects the fields it reads', () => {
    expect([...referencedFields(parseShowIf('a == 1 and (b.c in [d, 2] or empty(e)) and not f is null and -g < 1'))]).toEqual(['a', 'b', 'd', 'e', 'f', 'g']);
  });

  it('reports malformed expressions with their position', () => {
    expect(failure('')).toMatchObject({ reason: 'unexpected-end', position: 0 });
    expect(failure('a ==')).toMatchObject({ reason: 'unexpected-end', position: 4 });
    expect(failure('a == 1)')).toMatchObject({ reason: 'unexpected-token', position: 6, message: "Unexpected ')' (column 7)" });
    expect(failure('(a == 1')).toMatchObject({ reason: 'unexpected-end', position: 7 });
    expect(failure("a == 'abc")).toMatchObject({ reason: 'unterminated-string', position: 5 });
    expect(failure('a == "abc\\')).toMatchObject({ reason: 'unterminated-string' });
    expect(failure('`abc')).toMatchObject({ reason: 'unterminated-string', position: 0 });
    expect(failure('a == "\\q"')).toMatchObject({ reason: 'invalid-escape', position: 6 });
    expect(failure('a & b')).toMatchObject({ reason: 'unexpected-character', position: 2 });
    expect(failure('a == 1e999')).toMatchObject({ reason: 'invalid-number' });
    expect(failure('a == 12abc')).toMatchObject({ reason: 'invalid-number' });
    expect(failure('a == 1e')).toMatchObject({ reason: 'invalid-number' });
    expect(failure('eval(a)')).toMatchObject({ reason: 'unknown-function', position: 0 });
    expect(failure('empty(a, b)')).toMatchObject({ reason: 'wrong-arity' });
    expect(failure('empty()')).toMatchObject({ reason: 'wrong-arity' });
    expect(failure('a < b < c')).toMatchObject({ reason: 'unexpected-token', position: 6 });
    expect(failure('a is 3')).toMatchObject({ reason: 'unexpected-token' });
    expect(failure('a is')).toMatchObject({ reason: 'unexpected-end' });
    expect(failure('a.')).toMatchObject({ reason: 'unexpected-end' });
    expect(failure('a.(b)')).toMatchObject({ reason: 'unexpected-token' });
    expect(failure('[1, 2')).toMatchObject({ reason: 'unexpected-end' });
    expect(failure('and')).toMatchObject({ reason: 'unexpected-token' });
    expect(failure('``')).toMatchObject({ reason: 'unexpected-token' });
    expect(failure('a == 1 b')).toMatchObject({ reason: 'unexpected-token', position: 7 });
  });
});

describe('hostile input', () => {
  it('bounds the length', () => {
    expect(failure('a'.repeat(SHOW_IF_MAX_LENGTH + 1))).toMatchObject({ reason: 'too-long' });
    expect(() => parseShowIf(`${'a == 1 or '.repeat(180)}a == 1`)).not.toThrow();
  });

  it('bounds nesting: parentheses, not, minus, lists and calls', () => {
    const depth = SHOW_IF_MAX_DEPTH + 1;
    expect(failure(`${'('.repeat(depth)}a${')'.repeat(depth)}`)).toMatchObject({ reason: 'too-deep' });
    expect(failure(`${'not '.repeat(depth)}a`)).toMatchObject({ reason: 'too-deep' });
    expect(failure(`${'!'.repeat(depth)}a`)).toMatchObject({ reason: 'too-deep' });
    expect(failure(`${'-'.repeat(depth)}1`)).toMatchObject({ reason: 'too-deep' });
    expect(failure(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toMatchObject({ reason: 'too-deep' });
    expect(failure(`${'empty('.repeat(depth)}a${')'.repeat(depth)}`)).toMatchObject({ reason: 'too-deep' });
    expect(() => parseShowIf(`${'('.repeat(SHOW_IF_MAX_DEPTH)}a${')'.repeat(SHOW_IF_MAX_DEPTH)}`)).not.toThrow();
  });

  it('deep nesting far beyond the limit fails cleanly (no stack overflow)', () => {
    expect(failure('('.repeat(1999))).toMatchObject({ reason: 'too-deep' });
  });

  it('prototype names never reach Object.prototype', () => {
    expect(run('__proto__')).toBe(null);
    expect(run('constructor')).toBe(null);
    expect(run('constructor.name')).toBe(null);
    expect(run('a.__proto__', { a: {} })).toBe(null);
    expect(run('a.constructor.prototype', { a: {} })).toBe(null);
    expect(run('a.length', { a: [1, 2] })).toBe(null);
    expect(run('toString == null')).toBe(true);
    expect(run('`__proto__`.polluted', {})).toBe(null);
    // A response that really holds such a key (JSON.parse makes it an own property) is read as data.
    const values = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "c"}') as Record<string, unknown>;
    expect(run('`__proto__`.polluted == 1', values)).toBe(true);
    expect(run('constructor == "c"', values)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads through a lookup function too', () => {
    expect(evaluateShowIf(parseShowIf('a'), (name) => (name === 'a' ? 3 : undefined))).toBe(3);
  });

  it('never throws anything but ShowIfError on arbitrary text (property)', () => {
    const alphabet = fc.constantFrom(...'ab_1 ()[],.=!<>&|-"\'`\\eEinotrsuly\n'.split(''), 'and', 'or', 'not', 'in', 'is', 'empty', 'null');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(alphabet, { maxLength: 120 }).map((parts) => parts.join('')),
        ),
        (text) => {
          try {
            const ast = parseShowIf(text);
            evaluateShowIf(ast, { a: 1, b: [1, 'x'], ab: { c: null } });
          } catch (error) {
            if (!(error instanceof ShowIfError)) throw error;
            expect(error.position).toBeGreaterThanOrEqual(0);
            expect(error.position).toBeLessThanOrEqual(Math.max(text.length, SHOW_IF_MAX_LENGTH));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('evaluation', () => {
  const values = {
    estado: 'abierto',
    edad: 30,
    edad_texto: '30',
    colores: ['rojo', 'azul'],
    vacio: [],
    blanco: '  ',
    nada: null,
    ok: true,
    gps: { latitude: -33.4, longitude: -70.6 },
    rango: { start: null, end: null },
    fecha: '2024-05-01',
  };

  it.each([
    ['estado == "abierto"', true],
    ["estado != 'cerrado'", true],
    ['edad == 30', true],
    ['edad == "30"', true],
    ['edad_texto == 30', true],
    ['edad_texto == "30.0"', false],
    ['edad > 18 and edad <= 30', true],
    ['edad < 18 or ok', true],
    ['not ok', false],
    ['!(edad >= 31)', true],
    ['"rojo" in colores', true],
    ['"verde" not in colores', true],
    ['estado in ["abierto", "pendiente"]', true],
    ['"bier" in estado', true],
    ['1 in nada', false],
    ['colores == ["rojo", "azul"]', true],
    ['colores == ["azul", "rojo"]', false],
    ['empty(vacio) and empty(blanco) and empty(nada) and empty(falta) and empty(rango)', true],
    ['empty(colores)', false],
    ['colores is not empty', true],
    ['nada is null and falta is null and estado is not null', true],
    ['count(colores) == 2 and count(estado) == 7 and count(nada) == 0 and count(gps) == 2 and count(edad) == 1', true],
    ['lower("ABC") == "abc" and lower(edad) == 30', true],
    ['gps.latitude < 0 and gps.longitude > -71', true],
    ['gps.altitude == null', true],
    ['colores.1 == "azul" and colores.5 == null', true],
    ['fecha >= "2024-01-01" and fecha < "2024-12-31"', true],
    ['estado > 3', false],
    ['ok > 0', false],
    ['ok == 1', false],
    ['nada == null and nada != 0 and nada != ""', true],
    ['-edad == -30 and -"2" == -2 and -estado == null', true],
    ['gps is not empty', true],
    ['TRUE and True and NOT false', true],
    ['edad = 30 and edad <> 31', true],
    ['`edad` == 30', true],
  ])('%s → %s', (expression, expected) => {
    expect(run(expression, values)).toBe(expected);
  });

  it('returns the value of the expression (the evaluate endpoint answers it)', () => {
    expect(run('count(colores)', values)).toBe(2);
    expect(run('[1, "a", null]')).toEqual([1, 'a', null]);
    expect(run('estado', values)).toBe('abierto');
  });

  it('truthiness and equality helpers', () => {
    for (const value of [null, undefined, false, 0, Number.NaN, '', ' ', [], {}]) expect(isTruthy(value)).toBe(false);
    for (const value of [true, 1, -1, 'x', [0], { a: 1 }]) expect(isTruthy(value)).toBe(true);
    expect(looseEqual({ a: [1, { b: '2' }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(looseEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(looseEqual(undefined, null)).toBe(true);
    expect(looseEqual('', 0)).toBe(false);
  });

  it('equality is bounded on self-referencing values', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(run('a == b', { a: loop, b: loop })).toBe(false);
    expect(run('empty(a)', { a: loop })).toBe(false);
  });

  it('is total over arbitrary values (property)', () => {
    const expressions = ['a == b', 'a < b', 'a in b', 'empty(a)', 'count(a) > 1', 'not a or b', 'a.x.y == 1', '-a == b', 'lower(a) == b'].map((source) => parseShowIf(source));
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        for (const ast of expressions) evaluateShowIf(ast, { a, b });
      }),
      { numRuns: 500 },
    );
  });
});
