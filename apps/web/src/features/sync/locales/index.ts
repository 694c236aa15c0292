import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const syncLocales = defineLocales(import.meta.glob('./*.json'));
