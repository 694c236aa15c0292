import { defineLocales } from '../../i18n/bundles.ts';
import { uploadsLocales } from '../../uploads/locales/index.ts';

/** The renderer's texts; its file and photo fields bring the upload texts along. */
export const formsLocales = defineLocales(import.meta.glob('./*.json'), [uploadsLocales]);
