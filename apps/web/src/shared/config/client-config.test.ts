import { describe, expect, it } from 'vitest';
import { loadClientConfig, rawClientConfig } from './client-config.ts';

describe('client configuration (spec §5)', () => {
  it('accepts the defaults', () => {
    const result = loadClientConfig({}, 'https://demo.faena.app');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.WEB_URL).toBe('https://demo.faena.app');
      expect(result.config.FLAGS.magic_link).toBe(false);
      expect(result.config.PROCESS_VARIABLE_AUDIENCES).toEqual(['venue', 'venues', 'user', 'users']);
    }
  });

  it('allows http only under localhost', () => {
    expect(loadClientConfig({}, 'http://demo.app.localhost:3000').ok).toBe(true);
    expect(rawClientConfig({}, 'http://10.0.0.5:3000').WEB_URL).toBe('https://10.0.0.5:3000');
  });

  it("stops with 'Error parsing environment variables: ...' on a bad value", () => {
    const badFlag = loadClientConfig({ VITE_FLAG_MAGIC_LINK: 'yes' }, 'https://x.faena.app');
    expect(badFlag.ok).toBe(false);
    if (!badFlag.ok) expect(badFlag.message.startsWith('Error parsing environment variables: ')).toBe(true);
    const slash = loadClientConfig({ VITE_WEB_URL: 'https://x.faena.app/' }, 'https://x.faena.app');
    expect(slash.ok).toBe(false);
    const http = loadClientConfig({ VITE_WEB_URL: 'http://x.faena.app' }, 'https://x.faena.app');
    expect(http.ok).toBe(false);
  });

  it('splits the audiences list, trimmed, without empties', () => {
    const result = loadClientConfig({ VITE_PROCESS_VARIABLE_AUDIENCES: ' venue, ,user ,' }, 'https://x.faena.app');
    expect(result.ok && result.config.PROCESS_VARIABLE_AUDIENCES).toEqual(['venue', 'user']);
  });
});
