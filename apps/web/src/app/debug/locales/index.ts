import { defineLocales } from '../../../shared/i18n/bundles.ts';
import { notificationsLocales } from '../../../features/notifications/locales/index.ts';

export const debugLocales = defineLocales(import.meta.glob('./*.json'), [notificationsLocales]);
