import { defineLocales } from '../../../shared/i18n/bundles.ts';
import { formsLocales } from '../../../shared/forms/locales/index.ts';

export const formBuilderLocales = defineLocales(import.meta.glob('./*.json'), [formsLocales]);
