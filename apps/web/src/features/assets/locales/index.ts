import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const assetsLocales = defineLocales(import.meta.glob('./*.json'));
