import { describe, expect, it } from 'vitest';
import { CONFIG_ERROR_PREFIX, parseClientConfig, ZAudienceList, ZWebUrl } from '../src/client-config.ts';
import { FEATURE_FLAG_NAMES } from '../src/feature-flags.ts';

const flags = (value: string) => Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, value]));
const valid = () => ({ WEB_URL: 'https://acme.faena.app', FLAGS: flags('false') });

describe('client configuration (spec shell §5)', () => {
  it('parses flags given as the text true or false into booleans', () => {
    const result = parseClientConfig({ ...valid(), FLAGS: { ...flags('false'), kanban: 'true' } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.FLAGS.kanban).toBe(true);
    expect(result.config.FLAGS.magic_link).toBe(false);
  });

  it('refuses a flag that is not the text true or false, naming it, with the spec prefix', () => {
    for (const bad of ['TRUE', '1', 'yes', '']) {
      const result = parseClientConfig({ ...valid(), FLAGS: { ...flags('true'), kanban: bad } });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.message.startsWith(CONFIG_ERROR_PREFIX)).toBe(true);
      expect(result.message).toContain('FLAGS.kanban');
    }
    expect(CONFIG_ERROR_PREFIX).toBe('Error parsing environment variables: ');
  });

  it('refuses a boolean where text is expected and a missing flag', () => {
    expect(parseClientConfig({ ...valid(), FLAGS: { ...flags('true'), kanban: true } }).ok).toBe(false);
    const { kanban: _kanban, ...missing } = flags('true');
    const result = parseClientConfig({ ...valid(), FLAGS: missing });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('FLAGS.kanban');
  });

  it('needs a web URL that starts with https:// and does not end with /', () => {
    expect(ZWebUrl.safeParse('https://acme.faena.app').success).toBe(true);
    expect(ZWebUrl.safeParse('https://acme.faena.app/').success).toBe(false);
    expect(ZWebUrl.safeParse('http://acme.faena.app').success).toBe(false);
    expect(ZWebUrl.safeParse('ftp://acme.faena.app').success).toBe(false);
    const result = parseClientConfig({ ...valid(), WEB_URL: 'http://acme.faena.app' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('WEB_URL');
  });

  it('allows http only for hosts under localhost (API.md)', () => {
    expect(ZWebUrl.safeParse('http://localhost:3000').success).toBe(true);
    expect(ZWebUrl.safeParse('http://acme.app.localhost:3000').success).toBe(true);
    expect(ZWebUrl.safeParse('http://localhost.evil.com').success).toBe(false);
    expect(ZWebUrl.safeParse('http://notlocalhost').success).toBe(false);
    expect(ZWebUrl.safeParse('http://acme.app.localhost/').success).toBe(false);
  });

  it('splits the audiences list on commas, trimming and dropping empties', () => {
    expect(ZAudienceList.parse(' venue, venues ,,user ,  ,users,')).toEqual(['venue', 'venues', 'user', 'users']);
    expect(ZAudienceList.parse('')).toEqual([]);
    const result = parseClientConfig(valid());
    expect(result.ok && result.config.PROCESS_VARIABLE_AUDIENCES).toEqual(['venue', 'venues', 'user', 'users']);
  });

  it('lets map and colour values be absent', () => {
    const result = parseClientConfig(valid());
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.MAP_TILE_URL).toBeUndefined();
      expect(result.config.BRAND_COLOR).toBeUndefined();
    }
    const withColour = parseClientConfig({ ...valid(), BRAND_COLOR: '#44a690' });
    expect(withColour.ok && withColour.config.BRAND_COLOR).toBe('#44a690');
  });

  it('refuses something that is not an object', () => {
    expect(parseClientConfig(null).ok).toBe(false);
    expect(parseClientConfig('WEB_URL=https://x').ok).toBe(false);
  });
});
