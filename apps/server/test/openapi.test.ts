import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** Every `$ref` in a document, with the JSON path where it stands. */
function refsOf(node: unknown, path = '#'): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refsOf(item, `${path}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [{ ref: value, at: path }] : refsOf(value, `${path}/${key}`)));
}

function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part.replaceAll('~1', '/').replaceAll('~0', '~')))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), document);
}

describe('the OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server?.close());

  it('resolves every $ref it makes (a client generator fails on a dangling one)', async () => {
    const response = await server.api(null, '/api/openapi.json');
    expect(response.status).toBe(200);
    const document: unknown = await response.json();
    const refs = refsOf(document);
    // Schemas with a registered id are shared components; the tenant's is one of them.
    expect(refs.map((r) => r.ref)).toContain('#/components/schemas/Tenant');
    const dangling = refs.filter((r) => resolve(document, r.ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('is valid OpenAPI 3.1 for a real validator (what client generators run first)', async () => {
    const document = (await (await server.api(null, '/api/openapi.json')).json()) as OpenAPI.Document;
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });
});
