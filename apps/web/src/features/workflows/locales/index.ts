import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const workflowsLocales = defineLocales(import.meta.glob('./*.json'));
