import { useLocation, useParams } from 'react-router';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { AdminPage } from './components/admin-page.tsx';
import { PublicReportPage } from './components/public-report-page.tsx';
import { ReportFormPage } from './components/report-form-page.tsx';
import { ReportsPage } from './components/reports-page.tsx';
import { reportsLocales } from './locales/index.ts';

export const locales = [reportsLocales, directoryLocales];

/** /reports/list (VIEW_REPORTS): the person's reports; ?report= opens one. */
export function ReportsRoute() {
  return <ReportsPage />;
}

/**
 * MANAGE_REPORTS: /reports/administration[/{category_id}], /reports/administration/create/{categoryId}
 * and /reports/categories/{categoryId}/tableau/{public_id}/update (any report's edit form: the spec
 * names the route after Tableau, the form serves every kind).
 */
export function ReportsAdminRoute() {
  const { categoryId, public_id: reportId } = useParams();
  const { pathname } = useLocation();
  if (categoryId && pathname.includes('/administration/create/')) return <ReportFormPage categoryId={categoryId} />;
  if (categoryId && reportId) return <ReportFormPage categoryId={categoryId} reportId={reportId} />;
  return <AdminPage />;
}

/** /reports/{public_id}: public, signed out. */
export function PublicReportRoute() {
  const { public_id: publicId } = useParams();
  return <PublicReportPage publicId={publicId ?? ''} />;
}
