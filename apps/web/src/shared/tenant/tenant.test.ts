import { describe, expect, it } from 'vitest';
import { discoverTenantSubdomain, isDemoTenant, parseServerTenant, TenantShapeError, toClientTenant } from './tenant.ts';

describe('tenant discovery on the client (spec §5)', () => {
  it('takes the first label of a tenant host', () => {
    expect(discoverTenantSubdomain('demo.app.localhost:3000', 'demo')).toBe('demo');
    expect(discoverTenantSubdomain('demo-norte.app.localhost', 'demo')).toBe('demo-norte');
    expect(discoverTenantSubdomain('acme.faena.cl', 'demo')).toBe('acme');
  });

  it('strips environment markers', () => {
    expect(discoverTenantSubdomain('acme.staging.faena.cl', 'demo')).toBe('acme');
    expect(discoverTenantSubdomain('acme.development.faena.cl', 'demo')).toBe('acme');
    expect(discoverTenantSubdomain('uat.faena.cl', 'demo')).toBe('demo');
  });

  it('uses the default tenant when the host names none', () => {
    expect(discoverTenantSubdomain('localhost:3000', 'demo')).toBe('demo');
    expect(discoverTenantSubdomain('faena.cl', 'demo')).toBe('demo');
    expect(discoverTenantSubdomain('192.168.1.10:3000', 'demo')).toBe('demo');
    expect(discoverTenantSubdomain('[::1]:3000', 'demo')).toBe('demo');
  });

  it('reads hosts under the build’s public root domain against it (a root of three labels: faena.com.mx)', () => {
    expect(discoverTenantSubdomain('faena.com.mx', 'demo', 'faena.com.mx')).toBe('demo');
    expect(discoverTenantSubdomain('acme.faena.com.mx', 'demo', 'faena.com.mx')).toBe('acme');
    expect(discoverTenantSubdomain('faena.app', 'demo', 'faena.app')).toBe('demo');
    expect(discoverTenantSubdomain('localhost:3000', 'demo', 'faena.com.mx')).toBe('demo');
    expect(discoverTenantSubdomain('127.0.0.1', 'demo', 'faena.com.mx')).toBe('demo');
  });
});

describe('tenant shapes (spec §3)', () => {
  const server = {
    id: 7,
    name: 'Acme',
    firebase_tenant_id: null,
    firebase_sign_in_methods: ['PASSWORD', 'GOOGLE', 'saml.acme'],
    logo_url: null,
  };

  it('turns the server shape into the client shape', () => {
    const tenant = toClientTenant(parseServerTenant(server), 'demo');
    expect(tenant).toMatchObject({ id: '7', name: 'Acme', subdomain: 'demo', logoUrl: '', firebaseTenantId: null });
    expect(tenant.signInMethods).toEqual([{ type: 'PASSWORD' }, { type: 'GOOGLE' }, { type: 'SAML', providerId: 'saml.acme' }]);
    expect(tenant.featureFlags.magic_link).toBe(false);
    expect(tenant.passwordPolicy.minLength).toBe(6);
    expect(isDemoTenant(tenant)).toBe(true);
  });

  it('keeps what the server adds', () => {
    const tenant = toClientTenant(
      parseServerTenant({
        ...server,
        subdomain: 'acme',
        disabled_modules: ['asset'],
        white_label: { es: { 'nav.assets': 'Equipos' } },
        feature_flags: { magic_link: true },
        password_policy: { min_length: 10, require_numeric: true },
        support_email: 'ayuda@acme.cl',
      }),
      'demo',
    );
    expect(tenant.subdomain).toBe('acme');
    expect(tenant.disabledModules).toEqual(['asset']);
    expect(tenant.featureFlags.magic_link).toBe(true);
    expect(tenant.passwordPolicy).toEqual({ minLength: 10, requireNumeric: true });
    expect(tenant.supportEmail).toBe('ayuda@acme.cl');
    expect(isDemoTenant(tenant)).toBe(false);
  });

  it('refuses a record of the wrong shape', () => {
    expect(() => parseServerTenant({ ...server, name: undefined })).toThrow(TenantShapeError);
    expect(() => parseServerTenant({ ...server, firebase_sign_in_methods: 'PASSWORD' })).toThrow(TenantShapeError);
    expect(() => parseServerTenant({ ...server, id: true })).toThrow(TenantShapeError);
    expect(() => parseServerTenant({ ...server, feature_flags: { magic_link: 'true' } })).toThrow(TenantShapeError);
    expect(() => parseServerTenant({ ...server, white_label: { es: { a: 1 } } })).toThrow(TenantShapeError);
    expect(() => parseServerTenant('tenant')).toThrow(TenantShapeError);
  });
});
