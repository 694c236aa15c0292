import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';

/**
 * Every route of the OpenAPI document, fed bodies, query strings and path parameters derived from
 * its own schemas with hostile values in their leaves (lone surrogates, NUL, huge and fractional
 * numbers, wrong types, deep nesting, very long text): no answer may be a 5xx ([P16] point 1).
 */
type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const RUNS_PER_ROUTE = 6;
/** Routes whose effects would end the fuzzing session or flood unrelated state. */
const SKIPPED = [/\/sign-out$/, /\/impersonat/, /\/sessions\/.*\/revoke/, /\/devices\/sse$/, /\/session-cookie$/];

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x\ud800y', '\udfff', 'a\u0000b', '', ' ', '0', '-1', 'null', '../../etc/passwd', '%00', "' OR 1=1 --", '<script>alert(1)</script>', 'x'.repeat(5000)),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double({ noNaN: false }), fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.5, -0));
const anyJson = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null), fc.array(fc.constant(1), { maxLength: 3 }), fc.constant({}));

function deref(document: Schema, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 20) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
    return deref(document, target as Schema, depth + 1);
  }
  return schema;
}

/** Values shaped like the schema, each leaf either plausible or hostile. */
function arbitraryOf(document: Schema, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(document, raw);
  if (depth > 4) return anyJson;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.slice(0, 8).map((variant) => arbitraryOf(document, variant, depth + 1)), anyJson);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.oneof(fc.constantFrom(...(schema.enum as unknown[])), hostileText);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hostileText);
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const keys = Object.keys(properties).slice(0, 40);
    const record = Object.fromEntries(keys.map((key) => [key, arbitraryOf(document, properties[key], depth + 1)]));
    return fc.oneof({ weight: 4, arbitrary: fc.record(record, { requiredKeys: [] }) }, { weight: 1, arbitrary: anyJson });
  }
  if (type === 'array') return fc.oneof({ weight: 4, arbitrary: fc.array(arbitraryOf(document, schema.items as Schema | undefined, depth + 1), { maxLength: 4 }) }, { weight: 1, arbitrary: anyJson });
  if (type === 'integer' || type === 'number') return fc.oneof(hostileNumber, hostileText);
  if (type === 'boolean') return fc.oneof(fc.boolean(), hostileText);
  return fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: anyJson });
}

const asQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

describe.each(engines())('schema-derived fuzzing of every OpenAPI route on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let document: Schema;

  beforeAll(async () => {
    ({ server } = await seededDemo(engine));
    token = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    document = (await (await server.api(null, '/api/openapi.json')).json()) as Schema;
  });
  afterAll(() => server?.close());

  it('answers every route without a 5xx', async () => {
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const failures: string[] = [];
    let requests = 0;
    for (const [template, methods] of Object.entries(paths)) {
      if (SKIPPED.some((pattern) => pattern.test(template))) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const request = fc.record({
          path: fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, fc.oneof(hostileText, fc.uuid(), fc.nat().map(String))]))),
          query: fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, arbitraryOf(document, p.schema)])), { requiredKeys: [] }),
          body: bodySchema ? arbitraryOf(document, bodySchema) : fc.constant(undefined),
        });
        for (const sample of fc.sample(request, { numRuns: RUNS_PER_ROUTE, seed: 2026 })) {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(asQueryValue((sample.path as Record<string, unknown>)[name]).toWellFormed()));
          const query = new URLSearchParams(Object.entries(sample.query as Record<string, unknown>).map(([key, value]): [string, string] => [key, asQueryValue(value)])).toString();
          const url = `${path}${query ? `?${query}` : ''}`;
          requests++;
          const response = await server.api('demo', url, {
            method: method.toUpperCase(),
            token,
            ...(sample.body === undefined || method === 'get' || method === 'delete' ? {} : { json: sample.body }),
          });
          if (response.status >= 500) failures.push(`${method.toUpperCase()} ${url} ${JSON.stringify(sample.body)?.slice(0, 300)} → ${response.status} ${(await response.text()).slice(0, 300)}`);
          else await response.arrayBuffer();
        }
      }
    }
    expect(requests).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  });
});
