import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const postsLocales = defineLocales(import.meta.glob('./*.json'));
