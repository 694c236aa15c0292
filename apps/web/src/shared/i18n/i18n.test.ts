import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, setWhiteLabel } from './i18n.ts';
import { initialLanguage } from './languages.ts';
import { importsLocales } from '../imports/locales/index.ts';

describe('i18n', () => {
  it('starts in Spanish, es-MX when the browser asks, English only by choice', () => {
    expect(initialLanguage(null, ['en-US', 'en'])).toBe('es');
    expect(initialLanguage(null, ['es-MX'])).toBe('es-MX');
    expect(initialLanguage('en', ['es-MX'])).toBe('en');
    expect(initialLanguage('fr', [])).toBe('es');
  });

  it('keeps <html lang> in step with the language, and remembers the choice', async () => {
    await initI18n('es');
    expect(document.documentElement.lang).toBe('es');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.people')).toBe('Organization');
    expect(localStorage.getItem('faena.language')).toBe('en');
    await changeLanguage('es-MX');
    expect(document.documentElement.lang).toBe('es-MX');
    await changeLanguage('es');
    expect(i18n.t('nav.people')).toBe('Organización');
  });

  it('groups counts in the regional format the screens use for their own numbers', async () => {
    await initI18n('es');
    for (const language of ['es', 'es-MX', 'en'] as const) {
      await changeLanguage(language);
      await importsLocales.load(language);
      const text = i18n.t('imports.result.ready', { count: 12_345 });
      expect(text).toContain((12_345).toLocaleString());
      expect(text).not.toContain('12345');
    }
    await changeLanguage('es');
  });

  it('keeps spec texts quoted in English the same in every language', async () => {
    await initI18n('es');
    for (const language of ['es', 'es-MX', 'en'] as const) {
      await changeLanguage(language);
      expect(i18n.t('notFound.title')).toBe('Page Not Found');
      expect(i18n.t('tenant.notFound', { x: 'acme' })).toBe('Organization acme not found.');
    }
    await changeLanguage('es');
  });

  it("replaces wording with the tenant's white-label overrides, also in languages loaded later", async () => {
    await initI18n('es');
    setWhiteLabel({ es: { 'nav.assets': 'Equipos' }, '*': { 'nav.posts': 'Noticias' } });
    expect(i18n.t('nav.assets')).toBe('Equipos');
    expect(i18n.t('nav.posts')).toBe('Noticias');
    await changeLanguage('en');
    expect(i18n.t('nav.posts')).toBe('Noticias');
    expect(i18n.t('nav.assets')).toBe('Assets');
    await changeLanguage('es');
    setWhiteLabel({});
  });
});
