import { useLocation, useParams } from 'react-router';
import { DataSourceDetailPage } from './components/data-source-detail-page.tsx';
import { DataSourceFormPage } from './components/data-source-form-page.tsx';
import { DataSourceImportPage } from './components/data-source-import-page.tsx';
import { DataSourcesListPage } from './components/data-sources-list-page.tsx';
import { importsLocales } from '../../shared/imports/locales/index.ts';
import { dataSourcesLocales } from './locales/index.ts';

export const locales = [dataSourcesLocales, importsLocales];

/** Spec §2: /fuentes-de-datos, /crear, /:id, /:id/editar, and /:id/carga-masiva/:jobId? (MANAGE_DATA_SOURCES, behind the data_sources flag). */
export function DataSourcesRoute() {
  const { id, jobId } = useParams();
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (id && (jobId || path.endsWith('/carga-masiva'))) return <DataSourceImportPage key={jobId ?? 'start'} id={id} jobId={jobId} />;
  if (id && path.endsWith('/editar')) return <DataSourceFormPage key={`edit-${id}`} id={id} />;
  if (id) return <DataSourceDetailPage key={id} id={id} />;
  if (path.endsWith('/crear')) return <DataSourceFormPage key="create" />;
  return <DataSourcesListPage />;
}
