import { defineLocales } from '../../i18n/bundles.ts';

/** The directory pickers' texts and the names of the permission keys (spec shell §6). */
export const directoryLocales = defineLocales(import.meta.glob('./*.json'));
