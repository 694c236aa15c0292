import { describe, expect, it } from 'vitest';
import { prefillFromQuery } from './prefill.ts';

describe('prefillFromQuery', () => {
  const fields = [{ name: 'title', type: 'text' }, { name: 'amount', type: 'integer' }, { name: 'urgent', type: 'boolean' }, { name: 'tags', type: 'text_list' }, { type: 'title' }];

  it("takes the form's own fields only, typed", () => {
    expect(prefillFromQuery(fields, new URLSearchParams('title=Fuga%20en%20ba%C3%B1o&amount=7&urgent=true&secret=x'))).toEqual({ title: 'Fuga en baño', amount: 7, urgent: true });
  });

  it('drops values that do not read as their type, and lists repeated names', () => {
    expect(prefillFromQuery(fields, new URLSearchParams('amount=siete&urgent=quizas&tags=a&tags=b'))).toEqual({ tags: ['a', 'b'] });
  });

  it('is empty without a query', () => {
    expect(prefillFromQuery(fields, new URLSearchParams(''))).toEqual({});
  });
});
