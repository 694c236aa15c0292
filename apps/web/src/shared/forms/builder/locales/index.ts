import { defineLocales } from '../../../i18n/bundles.ts';
import { formsLocales } from '../../locales/index.ts';

export const formBuilderLocales = defineLocales(import.meta.glob('./*.json'), [formsLocales]);
