import { useLocation, useParams } from 'react-router';
import { CATALOGS, type CatalogDef } from './lib/catalog-defs.ts';
import { CatalogDetailPage } from './components/catalog-detail-page.tsx';
import { CatalogFormPage } from './components/catalog-form-page.tsx';
import { CatalogImportPage } from './components/catalog-import-page.tsx';
import { CatalogListPage } from './components/catalog-list-page.tsx';
import { importsLocales } from '../../shared/imports/locales/index.ts';
import { catalogsLocales } from './locales/index.ts';

export const locales = [catalogsLocales, importsLocales];

/** The four shapes of a catalogue route (spec §2): list, /create, /:id, /:id/edit; and its bulk load, /import/:jobId?. */
function CatalogScreen({ def }: { def: CatalogDef }) {
  const { id, jobId } = useParams();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  if (jobId || path.endsWith('/import')) return <CatalogImportPage key={jobId ?? 'start'} def={def} jobId={jobId} />;
  if (id && path.endsWith('/edit')) return <CatalogFormPage key={`edit-${id}`} def={def} id={id} />;
  if (id) return <CatalogDetailPage key={id} def={def} id={id} />;
  if (path.endsWith('/create')) return <CatalogFormPage key="create" def={def} />;
  return <CatalogListPage def={def} />;
}

export function VenuesRoute() {
  return <CatalogScreen def={CATALOGS.venues} />;
}

export function VenueCategoriesRoute() {
  return <CatalogScreen def={CATALOGS['venue-categories']} />;
}

export function LocationsRoute() {
  return <CatalogScreen def={CATALOGS.locations} />;
}

export function BusinessLinesRoute() {
  return <CatalogScreen def={CATALOGS['business-lines']} />;
}

export function BlueprintsRoute() {
  return <CatalogScreen def={CATALOGS.blueprints} />;
}

export function CompaniesRoute() {
  return <CatalogScreen def={CATALOGS.companies} />;
}

export function StoresRoute() {
  return <CatalogScreen def={CATALOGS.stores} />;
}
