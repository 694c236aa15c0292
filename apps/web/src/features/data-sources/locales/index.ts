import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const dataSourcesLocales = defineLocales(import.meta.glob('./*.json'));
