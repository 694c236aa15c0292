import { describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { EventBus } from './events.ts';
import { TENANT_CHANGED, TenantResolver, type TenantRecord } from './tenancy.ts';

const record = (subdomain: string): TenantRecord => ({
  id: `id-${subdomain}`,
  subdomain,
  name: subdomain,
  logoUrl: null,
  signInMethods: ['password'],
  whiteLabel: {},
  disabledModules: [],
  featureFlags: {},
  passwordPolicy: {},
  supportEmail: null,
  timezone: 'America/Santiago',
  brandColor: null,
});

/** A resolver over a lookup that counts its calls; the bus is never started (no database needed). */
function resolver() {
  const asked: string[] = [];
  const bus = new EventBus(null as unknown as Database);
  const tenants = new TenantResolver(
    async (subdomain) => {
      asked.push(subdomain);
      return subdomain === 'ghost' ? null : record(subdomain);
    },
    'demo',
    bus,
    'faena.example.com',
  );
  return { tenants, asked, bus };
}

describe('TenantResolver', () => {
  it('reads the subdomain of a host, the apex and hosts without one being the default tenant', () => {
    const { tenants } = resolver();
    expect(tenants.subdomainOf('acme.app.localhost:3000')).toBe('acme');
    expect(tenants.subdomainOf('ACME.faena.example.com')).toBe('acme');
    expect(tenants.subdomainOf('faena.example.com')).toBe('demo');
    expect(tenants.subdomainOf('faena.example.com.')).toBe('demo');
    expect(tenants.subdomainOf('localhost:3000')).toBe('demo');
    expect(tenants.subdomainOf('127.0.0.1:3000')).toBe('demo');
    expect(tenants.subdomainOf(undefined)).toBe('demo');
  });

  it('stays right for hosts seen before and past the number of hosts it remembers', () => {
    const { tenants } = resolver();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2500; i++) expect(tenants.subdomainOf(`t${i}.app.localhost`)).toBe(`t${i}`);
    }
    expect(tenants.subdomainOf('acme.app.localhost')).toBe('acme');
    expect(tenants.subdomainOf('acme.app.localhost')).toBe('acme');
  });

  it('looks a tenant up once, then from its cache until a tenant changes anywhere', async () => {
    const { tenants, asked, bus } = resolver();
    expect((await tenants.fromHost('acme.app.localhost')).id).toBe('id-acme');
    expect((await tenants.fromHost('acme.app.localhost')).id).toBe('id-acme');
    expect(asked).toEqual(['acme']);
    bus.dispatch({ topic: TENANT_CHANGED, tenantId: null });
    await tenants.fromHost('acme.app.localhost');
    expect(asked).toEqual(['acme', 'acme']);
    await expect(tenants.fromHost('ghost.app.localhost')).rejects.toMatchObject({ code: 'tenant_not_found' });
  });
});
