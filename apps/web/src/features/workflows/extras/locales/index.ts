import { defineLocales } from '../../../../shared/i18n/bundles.ts';

/** Texts of the executions export, kanban boards and public start links (decision 025). */
export const workflowsExtrasLocales = defineLocales(import.meta.glob('./*.json'));
