import { defineLocales } from '../../i18n/bundles.ts';

export const uploadsLocales = defineLocales(import.meta.glob('./*.json'));
