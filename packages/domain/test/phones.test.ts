import { describe, expect, it } from 'vitest';
import { formatPhone } from '../src/phones.ts';

describe('formatPhone', () => {
  it.each([
    ['+56912345678', '+56 9 1234 5678'],
    ['+56 9 1234-5678', '+56 9 1234 5678'],
    ['+56221234567', '+56 2 2123 4567'],
    ['+56412345678', '+56 41 234 5678'],
    ['+525512345678', '+52 55 1234 5678'],
    ['+524421234567', '+52 442 123 4567'],
    ['+5215512345678', '+52 1 55 1234 5678'],
    ['+51987654321', '+51 987 654 321'],
    ['+5114567890', '+51 1 456 7890'],
    ['+573001234567', '+57 300 123 4567'],
    ['+5491123456789', '+54 9 11 2345 6789'],
    ['+50371234567', '+503 7123 4567'],
    ['+12025550123', '+1 202 555 0123'],
    ['+34912345678', '+34 912 345 678'],
  ])('groups %s by its country: %s', (kept, shown) => {
    expect(formatPhone(kept)).toBe(shown);
  });

  it('shows as kept what it cannot place', () => {
    // no country code: the digits could be any country's
    expect(formatPhone('912345678')).toBe('912345678');
    expect(formatPhone(' 2 2123 4567 ')).toBe('2 2123 4567');
    // a length the country's plan does not have
    expect(formatPhone('+5691234567')).toBe('+5691234567');
    expect(formatPhone('+54 341 123 4567')).toBe('+543411234567');
    // a country without a plan here
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
    // not a phone
    expect(formatPhone('llamar a recepción')).toBe('llamar a recepción');
  });
});
