import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const reportsLocales = defineLocales(import.meta.glob('./*.json'));
