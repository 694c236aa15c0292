import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const permissionsCalculatorLocales = defineLocales(import.meta.glob('./*.json'));
