import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '../src/email.ts';

describe('e-mail rules (spec shell §5)', () => {
  it('has the spec text', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Invalid email');
  });

  it('accepts ordinary addresses', () => {
    for (const ok of ['a@b.co', 'camila.rojas@faena.test', 'x+tag@sub.example.com', 'ñandú@empresa.cl']) expect(isValidEmail(ok), ok).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', 'plain', '@faena.test', 'a@', 'a@b', 'a@@b.co', 'a b@c.co', 'a@b .co', 'a@b..co', 'a@.b.co', 'a@b.co.']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('refuses addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(long.length).toBe(254);
    expect(isValidEmail(long)).toBe(true);
    expect(isValidEmail(`a${long}`)).toBe(false);
  });

  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Camila.Rojas@Faena.TEST ')).toBe('camila.rojas@faena.test');
    expect(normalizeEmail('a@b.co')).toBe('a@b.co');
  });
});
