import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { LinksPage } from './components/links-page.tsx';
import { linksLocales } from './locales/index.ts';

export const locales = [linksLocales, directoryLocales];

/** /links: links of interest. */
export function LinksRoute() {
  return <LinksPage />;
}
