import { defineLocales } from '../../../shared/i18n/bundles.ts';
import { authLocales } from '../../auth/locales/index.ts';

/** The settings screens; the invitation form and the language picker use sign-in texts too. */
export const settingsLocales = defineLocales(import.meta.glob('./*.json'), [authLocales]);
