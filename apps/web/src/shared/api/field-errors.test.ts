import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.ts';
import { HttpError } from './http-error.ts';

const answer = (status: number, body: unknown) => new HttpError({ status, method: 'POST', url: '/x', body, bodyText: JSON.stringify(body), contentType: 'application/json' });

describe('fieldErrorsOf', () => {
  it('reads each field’s texts with its reason, when the server gives one', () => {
    const error = answer(400, { code: 'validation-error', errors: { code: ['Code already in use'], 'phones.1': ['Invalid phone number'] }, reasons: { code: 'in-use' } });
    expect(fieldErrorsOf(error)).toEqual({ code: { texts: ['Code already in use'], reason: 'in-use' }, 'phones.1': { texts: ['Invalid phone number'], reason: null } });
  });

  it('ignores a reason it does not know (an older client, a newer server)', () => {
    expect(fieldErrorsOf(answer(400, { errors: { name: ['x'] }, reasons: { name: 'brand-new' } }))).toEqual({ name: { texts: ['x'], reason: null } });
  });

  it('is null for anything that is not a field validation answer', () => {
    expect(fieldErrorsOf(answer(400, { code: 'bad-request', detail: 'x' }))).toBeNull();
    expect(fieldErrorsOf(answer(403, { errors: { name: ['x'] } }))).toBeNull();
    expect(fieldErrorsOf(new Error('offline'))).toBeNull();
  });
});
