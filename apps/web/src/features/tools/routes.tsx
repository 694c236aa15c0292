import { ToolsPage } from './components/tools-page.tsx';
import { toolsLocales } from './locales/index.ts';

export const locales = [toolsLocales];

/** /tools: the tools the person may use. */
export function ToolsRoute() {
  return <ToolsPage />;
}
