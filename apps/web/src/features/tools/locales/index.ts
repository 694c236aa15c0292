import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const toolsLocales = defineLocales(import.meta.glob('./*.json'));
