import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_MARKERS, isRootDomainHost, tenantFromHost } from '../src/tenant-discovery.ts';

describe('tenantFromHost (spec shell §5)', () => {
  it('takes the first label of a host with three or more labels', () => {
    expect(tenantFromHost('acme.app.localhost')).toBe('acme');
    expect(tenantFromHost('acme.faena.example.com')).toBe('acme');
    expect(tenantFromHost('demo-norte.app.localhost')).toBe('demo-norte');
  });

  it('ignores the port, case, surrounding spaces and a trailing dot', () => {
    expect(tenantFromHost('acme.app.localhost:3000')).toBe('acme');
    expect(tenantFromHost('ACME.App.Localhost')).toBe('acme');
    expect(tenantFromHost('  acme.app.localhost  ')).toBe('acme');
    expect(tenantFromHost('acme.faena.com.')).toBe('acme');
  });

  it('strips every environment marker before counting labels', () => {
    expect(ENVIRONMENT_MARKERS).toEqual(['development', 'staging', 'uat', 'release']);
    expect(tenantFromHost('acme.staging.faena.com')).toBe('acme');
    expect(tenantFromHost('acme.development.app.localhost')).toBe('acme');
    expect(tenantFromHost('uat.acme.faena.com')).toBe('acme');
    // faena.com once the marker is gone: two labels, no tenant
    expect(tenantFromHost('release.faena.com')).toBeNull();
    expect(tenantFromHost('staging.uat.faena.com')).toBeNull();
  });

  it('names no tenant for fewer than three labels', () => {
    expect(tenantFromHost('localhost')).toBeNull();
    expect(tenantFromHost('localhost:3000')).toBeNull();
    expect(tenantFromHost('app.localhost')).toBeNull();
    expect(tenantFromHost('faena.com')).toBeNull();
  });

  it('names no tenant when the first label is numeric (IP addresses)', () => {
    expect(tenantFromHost('127.0.0.1')).toBeNull();
    expect(tenantFromHost('127.0.0.1:8080')).toBeNull();
    expect(tenantFromHost('10.1.2.3')).toBeNull();
    expect(tenantFromHost('42.app.localhost')).toBeNull();
    // numeric only when every character is a digit
    expect(tenantFromHost('4x4.app.localhost')).toBe('4x4');
  });

  it('names no tenant for empty, missing or IPv6 hosts', () => {
    expect(tenantFromHost(undefined)).toBeNull();
    expect(tenantFromHost(null)).toBeNull();
    expect(tenantFromHost('')).toBeNull();
    expect(tenantFromHost('   ')).toBeNull();
    expect(tenantFromHost('[::1]')).toBeNull();
    expect(tenantFromHost('[::1]:3000')).toBeNull();
  });

  it('skips empty labels', () => {
    expect(tenantFromHost('acme..app.localhost')).toBe('acme');
    expect(tenantFromHost('.app.localhost')).toBeNull();
  });
});

describe('tenantFromHost and isRootDomainHost with the configured public root domain (decision 029)', () => {
  it('a root of two labels (faena.app): the root names no tenant, a sub-domain does', () => {
    expect(tenantFromHost('faena.app', 'faena.app')).toBeNull();
    expect(tenantFromHost('acme.faena.app', 'faena.app')).toBe('acme');
    expect(tenantFromHost('acme.staging.faena.app:443', 'faena.app')).toBe('acme');
    expect(isRootDomainHost('faena.app', 'faena.app')).toBe(true);
    expect(isRootDomainHost('acme.faena.app', 'faena.app')).toBe(false);
    // counting labels gives the same answers for such a root
    expect(tenantFromHost('faena.app')).toBeNull();
    expect(isRootDomainHost('faena.app')).toBe(true);
  });

  it('a root of three labels (faena.com.mx): the root names no tenant (counting labels said "faena"), acme.faena.com.mx names acme', () => {
    expect(tenantFromHost('faena.com.mx')).toBe('faena');
    expect(tenantFromHost('faena.com.mx', 'faena.com.mx')).toBeNull();
    expect(tenantFromHost('FAENA.com.mx.:8443', 'faena.com.mx:8443')).toBeNull();
    expect(tenantFromHost('acme.faena.com.mx', 'faena.com.mx')).toBe('acme');
    expect(tenantFromHost('acme.uat.faena.com.mx', 'faena.com.mx')).toBe('acme');
    expect(tenantFromHost('staging.faena.com.mx', 'faena.com.mx')).toBeNull();
    expect(tenantFromHost('42.faena.com.mx', 'faena.com.mx')).toBeNull();
    expect(isRootDomainHost('faena.com.mx', 'faena.com.mx')).toBe(true);
    expect(isRootDomainHost('faena.com.mx:3000', 'faena.com.mx')).toBe(true);
    expect(isRootDomainHost('acme.faena.com.mx', 'faena.com.mx')).toBe(false);
    // a look-alike is not under the root: read by its labels
    expect(tenantFromHost('evilfaena.com.mx', 'faena.com.mx')).toBe('evilfaena');
  });

  it('development hosts are never the root domain nor a tenant, whatever the root', () => {
    for (const root of [undefined, 'faena.app', 'faena.com.mx']) {
      expect(tenantFromHost('localhost', root)).toBeNull();
      expect(tenantFromHost('localhost:5173', root)).toBeNull();
      expect(tenantFromHost('127.0.0.1', root)).toBeNull();
      expect(tenantFromHost('127.0.0.1:3000', root)).toBeNull();
      expect(isRootDomainHost('localhost', root)).toBe(false);
      expect(isRootDomainHost('localhost:5173', root)).toBe(false);
      expect(isRootDomainHost('127.0.0.1', root)).toBe(false);
      expect(isRootDomainHost('127.0.0.1:3000', root)).toBe(false);
      expect(isRootDomainHost('[::1]:3000', root)).toBe(false);
    }
    // the development root names no tenant; its sub-domains do
    expect(isRootDomainHost('app.localhost:3000', 'app.localhost:3000')).toBe(true);
    expect(tenantFromHost('acme.app.localhost:3000', 'app.localhost:3000')).toBe('acme');
  });
});
