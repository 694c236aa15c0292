import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted an invalid configuration');
}

describe('loadConfig', () => {
  it('has the defaults of API.md', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_DOMAIN).toBe('app.localhost');
    expect(config.DEFAULT_TENANT).toBe('demo');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(isAbsolute(config.DATA_DIR)).toBe(true);
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
  });

  it('reads and converts the variables it knows, ignoring the rest', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/faena',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_DOMAIN: 'faena.example.com',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OTHER: 'x',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/tmp/faena',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_DOMAIN: 'faena.example.com',
      LOG_LEVEL: 'warn',
      SEED_DEMO: false,
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(config).not.toHaveProperty('OTHER');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://u@h/db'],
    ['PUBLIC_DOMAIN', 'not a domain'],
    ['PUBLIC_DOMAIN', 'https://faena.example.com'],
    ['DEFAULT_TENANT', 'Demo Tenant'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['ID_TOKEN_TTL_SECONDS', '10'],
    ['REFRESH_TOKEN_TTL_DAYS', '0'],
    ['SEED_DEMO', 'yes'],
    ['TRUST_PROXY', '1'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    const message = errorOf({ [name]: value });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain(`${name}:`);
  });

  it('names every invalid variable at once', () => {
    const message = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(message).toContain('PORT:');
    expect(message).toContain('LOG_LEVEL:');
    expect(message).toContain('DATABASE_URL:');
    expect(message).not.toContain('PUBLIC_DOMAIN');
  });
});
