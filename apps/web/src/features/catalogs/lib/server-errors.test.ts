import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, NotFoundError } from '../../../shared/api/http-error.ts';
import { serverProblems } from './server-errors.ts';

const answer = (status: number, body: unknown, Kind: typeof HttpError = HttpError) =>
  new Kind({ status, method: 'POST', url: '/api/organization/v3/venues/', body, bodyText: JSON.stringify(body), contentType: 'application/json' });

describe('server errors on a catalogue form', () => {
  it('puts 400 field errors on their fields, in our words when the server gives a reason', () => {
    const error = answer(400, {
      code: 'validation-error',
      errors: { code: ['Code already in use'], 'extra_data.x': ['Too large (20,000 characters at most).'], categories: ['Unknown venue category: 123'], timezone: ['Something new'] },
      reasons: { code: 'in-use', 'extra_data.x': 'too-large', categories: 'unknown-reference' },
    });
    expect(serverProblems(error, ['code', 'extra_data', 'categories', 'timezone'])).toEqual({
      fields: {
        code: { key: 'catalogs.serverErrors.codeInUse' },
        extra_data: { key: 'catalogs.serverErrors.extraDataTooLarge' },
        categories: { key: 'catalogs.serverErrors.unknownReference' },
        timezone: { text: 'Something new' },
      },
      general: [],
    });
  });

  it('says what belongs to no field above the buttons', () => {
    expect(serverProblems(answer(400, { code: 'validation-error', errors: { non_field_errors: ['Bad body'] } }), ['code']).general).toEqual([{ text: 'Bad body' }]);
    expect(serverProblems(answer(404, { code: 'module-disabled', detail: 'x' }, NotFoundError), ['code']).general).toEqual([{ key: 'catalogs.errors.moduleDisabled' }]);
    expect(serverProblems(answer(403, { code: 'permission-denied' }), ['code']).general).toEqual([{ key: 'catalogs.errors.forbidden' }]);
    expect(serverProblems(new NetworkError('POST', '/x', new Error('offline')), ['code']).general).toEqual([{ key: 'catalogs.errors.network' }]);
    expect(serverProblems(answer(500, { code: 'internal-error' }), ['code']).general).toEqual([{ key: 'catalogs.errors.generic' }]);
  });
});
