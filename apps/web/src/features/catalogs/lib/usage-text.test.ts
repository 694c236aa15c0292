import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { loadRegisteredLocales } from '../../../shared/i18n/bundles.ts';
import { usageText } from './usage-text.ts';

describe('usageText', () => {
  beforeAll(async () => {
    await initI18n('es');
    await loadRegisteredLocales('es');
  });
  const t = i18next.t.bind(i18next);

  it('says what points at a record, persons first, and nothing when nothing does', () => {
    expect(usageText(t, { locations: 2, persons: 1, venues: 0 })).toBe('1 persona · 2 ubicaciones');
    expect(usageText(t, { venues: 3 })).toBe('3 sedes');
    expect(usageText(t, { persons: 0 })).toBeNull();
    expect(usageText(t, {})).toBeNull();
  });
});
