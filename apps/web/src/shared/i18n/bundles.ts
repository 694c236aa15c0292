import i18next from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

type Bundle = Record<string, unknown>;
type LocaleFile = () => Promise<unknown>;

/**
 * The translations of one area (a feature, or a shared library such as the forms renderer),
 * loaded with the area's chunk instead of shipping in the entry (decision 012).
 *
 * An area keeps `locales/{es,es-MX,en}.json` (the top-level key is its namespace) and a
 * `locales/index.ts` with `export const xLocales = defineLocales(import.meta.glob('./*.json'))`;
 * its `routes.tsx` exports `locales = [xLocales, …every shared bundle its screens use]`, and the
 * router loads them before the screen renders. Once loaded, a bundle follows language changes.
 */
export interface LocaleBundle {
  load(language: Language): Promise<void>;
}

const registered = new Set<LocaleBundle>();

/** `requires`: the bundles of the shared libraries the area's own components use (loaded with it). */
export function defineLocales(files: Record<string, LocaleFile>, requires: LocaleBundle[] = []): LocaleBundle {
  const byLanguage = new Map<string, LocaleFile>();
  for (const [path, file] of Object.entries(files)) byLanguage.set(path.replace(/^.*\//, '').replace(/\.json$/, ''), file);
  const loading = new Map<string, Promise<void>>();

  const bundle: LocaleBundle = {
    load(language) {
      registered.add(bundle);
      // Before i18next starts, registering is enough: initialisation loads what is registered.
      if (!i18next.isInitialized) return Promise.resolve();
      let done = loading.get(language);
      if (!done) {
        const file = byLanguage.get(language) ?? byLanguage.get('es');
        if (!file) return Promise.reject(new Error(`locale bundle without ${language}.json or es.json`));
        done = Promise.all([file(), ...requires.map((other) => other.load(language))]).then(([module]) => {
          const texts = ((module as { default?: Bundle }).default ?? module) as Bundle;
          // Deep merge without overwriting: the tenant's white-label wording, already applied, wins.
          i18next.addResourceBundle(language, 'translation', texts, true, false);
        });
        done.catch(() => loading.delete(language));
        loading.set(language, done);
      }
      return done;
    },
  };
  return bundle;
}

/** Registers bundles without loading them yet (tests register every area's bundle up front). */
export function registerLocales(bundles: Iterable<LocaleBundle>): void {
  for (const bundle of bundles) registered.add(bundle);
}

/** Loads every bundle met so far in `language` (on start and before a language change). */
export async function loadRegisteredLocales(language: Language): Promise<void> {
  await Promise.all([...registered].map((bundle) => bundle.load(language)));
}

/** The `locales` a lazily loaded area module exports, if any. */
export function localesOf(module: unknown): LocaleBundle[] {
  const locales = (module as { locales?: unknown }).locales;
  return Array.isArray(locales) ? (locales as LocaleBundle[]) : [];
}

/** A lazily loaded module, resolved once the bundles it exports are loaded in the current language. */
export function withLocales<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const module = await load();
    const language = isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
    await Promise.all(localesOf(module).map((bundle) => bundle.load(language)));
    return module;
  };
}
