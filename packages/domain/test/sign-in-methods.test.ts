import { describe, expect, it } from 'vitest';
import { isSignInMethodOffered, parseSignInMethod, SIGN_IN_METHOD_TYPES, signInMethodDisplayName } from '../src/sign-in-methods.ts';

const NONE = { magic_link: false, oidc: false, saml: false };
const ALL = { magic_link: true, oidc: true, saml: true };

describe('sign-in methods (spec shell §3, §5)', () => {
  it('knows the six method types', () => {
    expect(SIGN_IN_METHOD_TYPES).toEqual(['GOOGLE', 'MAGIC_LINK', 'PASSWORD', 'SAML', 'OIDC', 'UNKNOWN']);
  });

  it('parses the server names, case-insensitively', () => {
    expect(parseSignInMethod('PASSWORD')).toEqual({ type: 'PASSWORD' });
    expect(parseSignInMethod('password')).toEqual({ type: 'PASSWORD' });
    expect(parseSignInMethod('GOOGLE')).toEqual({ type: 'GOOGLE' });
    expect(parseSignInMethod('google.com')).toEqual({ type: 'GOOGLE' });
    expect(parseSignInMethod('MAGIC_LINK')).toEqual({ type: 'MAGIC_LINK' });
    expect(parseSignInMethod('emailLink')).toEqual({ type: 'MAGIC_LINK' });
  });

  it('SAML and OIDC carry their provider id; anything else is UNKNOWN with its name', () => {
    expect(parseSignInMethod('saml.acme')).toEqual({ type: 'SAML', providerId: 'saml.acme' });
    expect(parseSignInMethod('oidc.okta')).toEqual({ type: 'OIDC', providerId: 'oidc.okta' });
    expect(parseSignInMethod('phone')).toEqual({ type: 'UNKNOWN', name: 'phone' });
    expect(parseSignInMethod('saml')).toEqual({ type: 'UNKNOWN', name: 'saml' });
  });

  it('shows the Spanish display names', () => {
    expect(signInMethodDisplayName({ type: 'GOOGLE' })).toBe('Google');
    expect(signInMethodDisplayName({ type: 'MAGIC_LINK' })).toBe('vínculo mágico');
    expect(signInMethodDisplayName({ type: 'PASSWORD' })).toBe('correo y contraseña');
    expect(signInMethodDisplayName({ type: 'SAML', providerId: 'saml.acme' })).toBe('Acme');
    expect(signInMethodDisplayName({ type: 'OIDC', providerId: 'oidc.okta' })).toBe('Okta');
    expect(signInMethodDisplayName({ type: 'UNKNOWN', name: 'phone' })).toBe('[método desconocido]');
  });

  it('offers Google and password always; magic link, OIDC and SAML only behind their flags', () => {
    expect(isSignInMethodOffered({ type: 'GOOGLE' }, NONE)).toBe(true);
    expect(isSignInMethodOffered({ type: 'PASSWORD' }, NONE)).toBe(true);
    expect(isSignInMethodOffered({ type: 'MAGIC_LINK' }, NONE)).toBe(false);
    expect(isSignInMethodOffered({ type: 'OIDC', providerId: 'oidc.x' }, NONE)).toBe(false);
    expect(isSignInMethodOffered({ type: 'SAML', providerId: 'saml.x' }, NONE)).toBe(false);
    expect(isSignInMethodOffered({ type: 'MAGIC_LINK' }, { ...NONE, magic_link: true })).toBe(true);
    expect(isSignInMethodOffered({ type: 'OIDC', providerId: 'oidc.x' }, { ...NONE, oidc: true })).toBe(true);
    expect(isSignInMethodOffered({ type: 'SAML', providerId: 'saml.x' }, { ...NONE, saml: true })).toBe(true);
  });

  it('never offers an unknown method', () => {
    expect(isSignInMethodOffered({ type: 'UNKNOWN', name: 'x' }, ALL)).toBe(false);
  });
});
