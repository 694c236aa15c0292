import { defineLocales } from '../../../../shared/i18n/bundles.ts';

/** Settings → sign-in: methods and identity providers (decision 029). */
export const signInSettingsLocales = defineLocales(import.meta.glob('./*.json'));
