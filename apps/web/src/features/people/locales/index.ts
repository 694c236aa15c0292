import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const peopleLocales = defineLocales(import.meta.glob('./*.json'));
