import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { importsLocales } from '../../shared/imports/locales/index.ts';
import { OrgChartPage } from './components/org-chart-page.tsx';
import { PositionFormPage } from './components/position-form-page.tsx';
import { PositionsPage } from './components/positions-page.tsx';
import { PositionsUploadPage } from './components/positions-upload-page.tsx';
import { orgChartLocales } from './locales/index.ts';

export const locales = [orgChartLocales, directoryLocales, importsLocales];

/** /org-chart: the chart (VIEW_ORG_CHART). */
export function OrgChartRoute() {
  return <OrgChartPage />;
}

/** /positions (MANAGE_ORG_CHART). */
export function PositionsRoute() {
  return <PositionsPage />;
}

/** /positions/new and /positions/:id (MANAGE_ORG_CHART). */
export function PositionFormRoute() {
  return <PositionFormPage />;
}

/** /positions/upload[/:jobId] (MANAGE_ORG_CHART). */
export function PositionsUploadRoute() {
  return <PositionsUploadPage />;
}
