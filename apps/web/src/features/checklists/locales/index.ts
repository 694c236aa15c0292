import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const checklistsLocales = defineLocales(import.meta.glob('./*.json'));
