import { describe, expect, it } from 'vitest';
import type { EventBus } from '../../platform/events.ts';
import { TenantResolver } from '../../platform/tenancy.ts';

/**
 * Where the server decides which tenant a host names (decision 029, root-domain discovery): under
 * PUBLIC_DOMAIN, a root of three labels names no tenant (the default one answers, and the sign-in
 * page offers the workspace finder) while its sub-domains name theirs.
 */
const bus = { on: () => undefined } as unknown as EventBus;
const resolver = (publicDomain: string) => new TenantResolver(async () => null, 'demo', bus, publicDomain);

describe('TenantResolver.subdomainOf with PUBLIC_DOMAIN', () => {
  it('faena.com.mx: the root is no tenant, acme.faena.com.mx is acme', () => {
    const r = resolver('faena.com.mx');
    expect(r.subdomainOf('faena.com.mx')).toBe('demo');
    expect(r.subdomainOf('faena.com.mx:443')).toBe('demo');
    expect(r.subdomainOf('acme.faena.com.mx')).toBe('acme');
    expect(r.subdomainOf('acme.staging.faena.com.mx')).toBe('acme');
  });

  it('faena.app: the root is no tenant, acme.faena.app is acme', () => {
    const r = resolver('faena.app');
    expect(r.subdomainOf('faena.app')).toBe('demo');
    expect(r.subdomainOf('acme.faena.app')).toBe('acme');
  });

  it('localhost and 127.0.0.1 name no tenant; app.localhost sub-domains do', () => {
    const r = resolver('app.localhost:3000');
    expect(r.subdomainOf('localhost:3000')).toBe('demo');
    expect(r.subdomainOf('127.0.0.1:3000')).toBe('demo');
    expect(r.subdomainOf('app.localhost:3000')).toBe('demo');
    expect(r.subdomainOf('acme.app.localhost:3000')).toBe('acme');
  });
});
