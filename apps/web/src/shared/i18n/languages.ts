export const LANGUAGES = ['es', 'es-MX', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
export const LANGUAGE_STORAGE_KEY = 'faena.language';

/** Each language named in itself, so people find theirs whatever the current one is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  'es-MX': 'Español (México)',
  en: 'English',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spanish by default (spec §1); es-MX when the browser says so; English only by choice. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  if (browser.some((tag) => tag.toLowerCase() === 'es-mx')) return 'es-MX';
  return DEFAULT_LANGUAGE;
}
