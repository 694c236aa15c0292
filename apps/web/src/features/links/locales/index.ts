import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const linksLocales = defineLocales(import.meta.glob('./*.json'));
