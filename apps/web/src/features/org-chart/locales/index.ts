import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const orgChartLocales = defineLocales(import.meta.glob('./*.json'));
