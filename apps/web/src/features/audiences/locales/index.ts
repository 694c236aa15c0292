import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const audiencesLocales = defineLocales(import.meta.glob('./*.json'));
