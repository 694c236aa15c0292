import { defineLocales } from '../../../shared/i18n/bundles.ts';

export const notificationsLocales = defineLocales(import.meta.glob('./*.json'));
