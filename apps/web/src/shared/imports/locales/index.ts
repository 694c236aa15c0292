import { defineLocales } from '../../i18n/bundles.ts';

/** The bulk-import flow's texts (`imports.*`); areas that show the flow list this bundle in their `locales`. */
export const importsLocales = defineLocales(import.meta.glob('./*.json'));
