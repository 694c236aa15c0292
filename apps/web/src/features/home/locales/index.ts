import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const homeLocales = defineLocales(import.meta.glob('./*.json'));
