import { describe, expect, it } from 'vitest';
import { checkPassword, DEFAULT_PASSWORD_POLICY, PASSWORD_REQUIRED_MESSAGE } from '../src/password-policy.ts';

describe('password policy (spec shell §5, §9)', () => {
  it('requires a password, with the spec text', () => {
    expect(PASSWORD_REQUIRED_MESSAGE).toBe('You must enter a password');
    expect(checkPassword('')).toEqual(['required']);
  });

  it('has a minimum length of 6 by default', () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({ minLength: 6 });
    expect(checkPassword('12345')).toEqual(['too-short']);
    expect(checkPassword('123456')).toEqual([]);
    expect(checkPassword(' ')).toEqual(['too-short']);
  });

  it('counts characters, not UTF-16 units', () => {
    // five emoji are ten UTF-16 units but five characters
    expect(checkPassword('😀😀😀😀😀')).toEqual(['too-short']);
    expect(checkPassword('ñandú!')).toEqual([]);
  });

  it('applies an optional maximum', () => {
    expect(checkPassword('abcdefghijk', { minLength: 6, maxLength: 10 })).toEqual(['too-long']);
    expect(checkPassword('abcdefghij', { minLength: 6, maxLength: 10 })).toEqual([]);
  });

  it('applies the character-class requirements and reports every problem at once', () => {
    const strict = { minLength: 8, requireLowercase: true, requireUppercase: true, requireNumeric: true, requireNonAlphanumeric: true };
    expect(checkPassword('Abcdef1!', strict)).toEqual([]);
    expect(checkPassword('ABCDEF1!', strict)).toEqual(['missing-lowercase']);
    expect(checkPassword('abcdef1!', strict)).toEqual(['missing-uppercase']);
    expect(checkPassword('Abcdefg!', strict)).toEqual(['missing-numeric']);
    expect(checkPassword('Abcdefg1', strict)).toEqual(['missing-non-alphanumeric']);
    expect(checkPassword('abc', strict)).toEqual(['too-short', 'missing-uppercase', 'missing-numeric', 'missing-non-alphanumeric']);
  });

  it('treats accented letters as letters', () => {
    expect(checkPassword('ÁÉÍóú1!x', { minLength: 6, requireUppercase: true, requireLowercase: true, requireNonAlphanumeric: true })).toEqual([]);
  });
});
