import { defineLocales } from '../../../shared/i18n/bundles.ts';
import { uploadsLocales } from '../../../shared/uploads/locales/index.ts';

export const catalogsLocales = defineLocales(import.meta.glob('./*.json'), [uploadsLocales]);
