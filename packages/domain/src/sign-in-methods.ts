import type { FeatureFlags } from './feature-flags.ts';

/** Sign-in method types of spec shell §3. */
export const SIGN_IN_METHOD_TYPES = ['GOOGLE', 'MAGIC_LINK', 'PASSWORD', 'SAML', 'OIDC', 'UNKNOWN'] as const;
export type SignInMethodType = (typeof SIGN_IN_METHOD_TYPES)[number];

export type SignInMethod = { type: 'GOOGLE' | 'MAGIC_LINK' | 'PASSWORD' } | { type: 'SAML' | 'OIDC'; providerId: string } | { type: 'UNKNOWN'; name: string };

/** Parses the server's method names (`PASSWORD`, `GOOGLE`, `saml.acme`, `oidc.okta`, ...). */
export function parseSignInMethod(raw: string): SignInMethod {
  const upper = raw.toUpperCase();
  if (upper === 'GOOGLE' || upper === 'GOOGLE.COM') return { type: 'GOOGLE' };
  if (upper === 'PASSWORD') return { type: 'PASSWORD' };
  if (upper === 'MAGIC_LINK' || upper === 'EMAILLINK') return { type: 'MAGIC_LINK' };
  if (upper.startsWith('SAML.')) return { type: 'SAML', providerId: raw };
  if (upper.startsWith('OIDC.')) return { type: 'OIDC', providerId: raw };
  return { type: 'UNKNOWN', name: raw };
}

/** Spanish display names (spec shell §3). */
export function signInMethodDisplayName(method: SignInMethod): string {
  switch (method.type) {
    case 'GOOGLE':
      return 'Google';
    case 'MAGIC_LINK':
      return 'vínculo mágico';
    case 'PASSWORD':
      return 'correo y contraseña';
    case 'SAML':
    case 'OIDC': {
      const suffix = method.providerId.slice(method.providerId.indexOf('.') + 1);
      return suffix.charAt(0).toUpperCase() + suffix.slice(1);
    }
    case 'UNKNOWN':
      return '[método desconocido]';
  }
}

/** A method is offered only if its flag is on: Google and password always; the rest by flag (§5). */
export function isSignInMethodOffered(method: SignInMethod, flags: Pick<FeatureFlags, 'magic_link' | 'oidc' | 'saml'>): boolean {
  switch (method.type) {
    case 'GOOGLE':
    case 'PASSWORD':
      return true;
    case 'MAGIC_LINK':
      return flags.magic_link;
    case 'OIDC':
      return flags.oidc;
    case 'SAML':
      return flags.saml;
    case 'UNKNOWN':
      return false;
  }
}

/**
 * Why a federated sign-in (Google, OIDC) failed, as the server reports it to the page (decision
 * 029): the codes the web words, one list for both sides.
 */
export const SSO_FAILURES = [
  'state-mismatch',
  'expired',
  'cancelled',
  'provider-error',
  'verification-failed',
  'email-missing',
  'email-not-verified',
  'domain-not-served',
  'not-member',
  'user-disabled',
  'method-unavailable',
  /** SAML: an IdP-initiated sign-in where the provider does not allow it (decision 029). */
  'idp-initiated-not-allowed',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const isSsoFailure = (value: string): value is SsoFailure => (SSO_FAILURES as readonly string[]).includes(value);
