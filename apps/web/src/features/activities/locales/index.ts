import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const activitiesLocales = defineLocales(import.meta.glob('./*.json'));
