import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { rememberingT } from './renderer-context.ts';

describe("rememberingT (the form's translate function)", () => {
  it('asks i18next once per key and options; options that are not plain values pass through', () => {
    const t = vi.fn((key: string, options?: unknown) => `${key}${options === undefined ? '' : JSON.stringify(options)}`);
    const remembering = rememberingT(t as unknown as TFunction);
    expect(remembering('forms.skip')).toBe('forms.skip');
    expect(remembering('forms.skip')).toBe('forms.skip');
    expect(t).toHaveBeenCalledTimes(1);
    expect(remembering('forms.rating.stars', { count: 2 })).toBe('forms.rating.stars{"count":2}');
    expect(remembering('forms.rating.stars', { count: 2 })).toBe('forms.rating.stars{"count":2}');
    expect(remembering('forms.rating.stars', { count: 3 })).toBe('forms.rating.stars{"count":3}');
    expect(t).toHaveBeenCalledTimes(3);
    remembering('x', { nested: { a: 1 } });
    remembering('x', { nested: { a: 1 } });
    expect(t).toHaveBeenCalledTimes(5);
  });

  it('answers that are not text (objects asked for) are not kept', () => {
    const t = vi.fn(() => ({ a: 1 }));
    const remembering = rememberingT(t as unknown as TFunction);
    remembering('obj');
    remembering('obj');
    expect(t).toHaveBeenCalledTimes(2);
  });
});
