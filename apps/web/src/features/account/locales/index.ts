import { defineLocales } from '../../../shared/i18n/bundles.ts';
import { settingsLocales } from '../../settings/locales/index.ts';

/** The account screens; they show the language picker and sign-in texts (through the settings bundle). */
export const accountLocales = defineLocales(import.meta.glob('./*.json'), [settingsLocales]);
