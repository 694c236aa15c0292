import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const authLocales = defineLocales(import.meta.glob('./*.json'));
