import { defineLocales } from '../../../../shared/i18n/bundles.ts';

/** Texts of the screens where people run workflows (decision 025). */
export const workflowsRunLocales = defineLocales(import.meta.glob('./*.json'));
