import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const placeholderLocales = defineLocales(import.meta.glob('./*.json'));
