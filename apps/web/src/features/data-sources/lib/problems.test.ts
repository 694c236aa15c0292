import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../shared/api/http-error.ts';
import { writeProblems } from './problems.ts';

const answer = (status: number, body: unknown) =>
  new HttpError({ status, method: 'POST', url: '/api/resources/v3/data-sources/x/rows/', body, bodyText: JSON.stringify(body), contentType: 'application/json' });

describe('data-source write problems', () => {
  it('a key in use lands on the key, in our words; other field texts as they came', () => {
    expect(writeProblems(answer(400, { code: 'validation-error', errors: { key: ['Key already in use'], label: ['Too long'] }, reasons: { key: 'in-use' } }))).toEqual({
      fields: { key: { key: 'dataSources.serverErrors.keyInUse' }, label: { text: 'Too long' } },
      general: null,
    });
  });

  it('anything else is one general problem by status', () => {
    expect(writeProblems(answer(404, { code: 'not-found' })).general).toEqual({ key: 'dataSources.errors.notFound' });
    expect(writeProblems(answer(403, { code: 'permission-denied' })).general).toEqual({ key: 'dataSources.errors.forbidden' });
    expect(writeProblems(new NetworkError('POST', '/x', new Error('offline'))).general).toEqual({ key: 'dataSources.errors.network' });
  });
});
