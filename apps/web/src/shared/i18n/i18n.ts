import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './locales/es.json';
import { loadRegisteredLocales } from './bundles.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, initialLanguage, isLanguage, type Language } from './languages.ts';

type Bundle = Record<string, unknown>;

/** Spanish ships in the entry; the others load when chosen. */
const loaders: Record<Exclude<Language, 'es'>, () => Promise<{ default: Bundle }>> = {
  'es-MX': () => import('./locales/es-MX.json'),
  en: () => import('./locales/en.json'),
};

let whiteLabel: Record<string, Record<string, string>> = {};

export const i18n = i18next;

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The shell's texts in `language`, then those of every area bundle loaded so far. */
async function ensureLoaded(language: Language): Promise<void> {
  if (language !== 'es' && !i18next.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18next.addResourceBundle(language, 'translation', bundle.default, true, true);
    applyOverrides(language);
  }
  await loadRegisteredLocales(language);
}

/** The tenant's white-label wording: `{language: {key: text}}`, with `*` for every language. */
function applyOverrides(language: Language): void {
  for (const source of ['*', language]) {
    for (const [key, text] of Object.entries(whiteLabel[source] ?? {})) {
      i18next.addResource(language, 'translation', key, text);
    }
  }
}

export function setWhiteLabel(overrides: Record<string, Record<string, string>>): void {
  whiteLabel = overrides;
  for (const language of Object.keys(i18next.store?.data ?? {})) {
    if (isLanguage(language)) applyOverrides(language);
  }
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language?: Language): Promise<Language> {
  const chosen = language ?? initialLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages);
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { es: { translation: es } } as Resource,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['es', 'es-MX', 'en'],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    // `{{count, number}}`: counts are grouped in the reader's regional format, as the numbers the
    // screens format themselves (toLocaleString) — "1.000 personas" beside a "1.000" card
    i18next.services.formatter?.add('number', (value: unknown) => (typeof value === 'number' ? value.toLocaleString() : String(value)));
    i18next.on('languageChanged', syncDocumentLanguage);
  }
  await ensureLoaded(chosen);
  await i18next.changeLanguage(chosen);
  syncDocumentLanguage(chosen);
  return chosen;
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts as long as the tab.
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}
