import { describe, expect, it } from 'vitest';
import { audienceId, pickedIds, referencedRows, scopeKey, validateResponse, type ReferenceScope } from '../../src/forms/index.ts';
import { define } from './fixtures.ts';

const fields = define([
  { id: 1, type: 'user', name: 'supervisor', audience: 'aud-1' },
  { id: 2, type: 'users', name: 'crew' },
  { id: 3, type: 'venue', name: 'plant', audience: { id: 'aud-2', name: 'Norte' } },
  { id: 4, type: 'locations', name: 'spots' },
  { id: 5, type: 'data_source', name: 'region', data_source_id: 'src-1' },
  { id: 6, type: 'text', name: 'notes' },
  { id: 7, type: 'form', name: 'visit', fields: [{ id: 1, type: 'user', name: 'guide', audience: 'aud-1' }] },
]);

describe('the rows a response names (picker references)', () => {
  it('reads an audience stored as text, a number or an object with an id', () => {
    expect(audienceId('a-1')).toBe('a-1');
    expect(audienceId(42)).toBe('42');
    expect(audienceId({ id: 7, name: 'x' })).toBe('7');
    expect(audienceId('  ')).toBeNull();
    expect(audienceId(null)).toBeNull();
    expect(audienceId({ name: 'no id' })).toBeNull();
  });

  it('takes one id or a list, numbers as text, and nothing of another shape', () => {
    expect(pickedIds('p1')).toEqual(['p1']);
    expect(pickedIds(['p1', 2])).toEqual(['p1', '2']);
    expect(pickedIds({ id: 'p1' })).toEqual([]);
    expect(pickedIds(['', ' ', null])).toEqual([]);
  });

  it('groups the ids by picker scope (catalogue, audience, data source), sub-forms included, other fields left out', () => {
    const wanted = referencedRows(fields, {
      supervisor: 'p1',
      crew: ['p2', 'p3'],
      plant: 'v1',
      spots: ['l1'],
      region: ['RM', 'V'],
      notes: 'p9',
      visit: { guide: 'p4' },
    });
    const rows = Object.fromEntries([...wanted.values()].map(({ scope, ids }) => [scopeKey(scope), [...ids]]));
    expect(rows).toEqual({
      'user|aud-1|': ['p1', 'p4'],
      'user||': ['p2', 'p3'],
      'venue|aud-2|': ['v1'],
      'location||': ['l1'],
      'data_source||src-1': ['RM', 'V'],
    });
    // a list of sub-form answers is walked too; a response that is no object names nothing
    expect([...referencedRows(fields, { visit: [{ guide: 'p5' }, { guide: 'p6' }] }).values()].map(({ ids }) => [...ids])).toEqual([['p5', 'p6']]);
    expect(referencedRows(fields, 'nope').size).toBe(0);
  });
});

describe('validateResponse with the catalogues known (spec §5: an unknown value is invalid)', () => {
  const known: Record<string, string[]> = { 'user|aud-1|': ['p1', 'p4'], 'user||': ['p2', 'p3'], 'venue|aud-2|': ['v1'], 'location||': ['l1'], 'data_source||src-1': ['RM'] };
  const knownReference = (scope: ReferenceScope, id: string) => known[scopeKey(scope)]?.includes(id) ?? false;

  it('accepts rows the pickers would offer', () => {
    expect(validateResponse(fields, { supervisor: 'p1', crew: ['p2', 'p3'], plant: 'v1', spots: ['l1'], region: ['RM'], visit: { guide: 'p4' } }, { knownReference })).toEqual([]);
  });

  it("refuses a row outside the field's catalogue, audience or data source, with the field's path", () => {
    const errors = validateResponse(fields, { supervisor: 'p2', crew: ['p2', 'p9'], plant: 'v2', spots: ['l1'], region: ['RM', 'XX'], visit: { guide: 'p1x' } }, { knownReference });
    expect(errors).toEqual([
      { name: 'supervisor', path: ['supervisor'], message: 'Valor inválido' },
      { name: 'crew', path: ['crew'], message: 'Valor inválido' },
      { name: 'plant', path: ['plant'], message: 'Valor inválido' },
      { name: 'region', path: ['region'], message: 'Valor inválido' },
      { name: 'visit', path: ['visit', 'guide'], message: 'Valor inválido' },
    ]);
  });

  it('checks only the shape when nobody can tell (the browser)', () => {
    expect(validateResponse(fields, { supervisor: 'anyone', plant: 'anywhere' })).toEqual([]);
  });
});
