import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_MARKERS, tenantFromHost } from '../src/tenant-discovery.ts';

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
