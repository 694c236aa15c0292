import { useLocation, useParams } from 'react-router';
import { formsLocales } from '../../shared/forms/locales/index.ts';
import { importsLocales } from '../../shared/imports/locales/index.ts';
import { uploadsLocales } from '../../shared/uploads/locales/index.ts';
import { NoAccess } from '../../shared/ui/no-access.tsx';
import { AdminPage } from './components/admin-page.tsx';
import { AssetDetailPage } from './components/asset-detail-page.tsx';
import { AssetFormRoute } from './components/asset-form-page.tsx';
import { AssetImportPage } from './components/asset-import-page.tsx';
import { AssetListPage } from './components/asset-list-page.tsx';
import { AssetTypePage } from './components/asset-type-page.tsx';
import { ExecutionsPage } from './components/executions-page.tsx';
import { LabelsPage } from './components/labels-page.tsx';
import { ExecuteMaintenancePage, ExecutionPage, MaintenanceAdminRedirect, MaintenanceTypePage } from './components/maintenance-pages.tsx';
import { OverviewPage } from './components/overview-page.tsx';
import { PlaygroundPage } from './components/playground-page.tsx';
import { PublicLabelPage } from './components/public-label-page.tsx';
import { ScanPage } from './components/scan-page.tsx';
import { useAssetsAccess } from './components/use-assets-access.ts';
import { assetsLocales } from './locales/index.ts';

export const locales = [assetsLocales, formsLocales, uploadsLocales, importsLocales];

/**
 * The asset area (spec forms §2): /assets, /assets/home, /assets/list, /assets/scan, /assets/new,
 * /assets/playground, /assets/barcodes, and an asset's /assets/{id}[/detail|/investment|/calendar|/edit].
 */
export function AssetsRoute() {
  const { pathname } = useLocation();
  const { assetId } = useParams();
  const access = useAssetsAccess();
  const path = pathname.replace(/\/+$/, '');
  if (path === '/assets' || path === '/assets/home') return <OverviewPage />;
  if (path === '/assets/list') return <AssetListPage />;
  if (path === '/assets/scan') return <ScanPage />;
  if (path === '/assets/new') return <AssetFormRoute />;
  if (path === '/assets/import' || path.startsWith('/assets/import/')) return <AssetImportPage />;
  if (path === '/assets/barcodes') return access.canLabels ? <LabelsPage barcodes /> : <NoAccess problem="permission" />;
  if (path === '/assets/playground') return access.canAdmin ? <PlaygroundPage /> : <NoAccess problem="permission" />;
  if (assetId && path.endsWith('/edit')) return <AssetFormRoute id={assetId} />;
  if (assetId) return <AssetDetailPage key={assetId} id={assetId} />;
  return <OverviewPage />;
}

/** /assets/administration[/{category_id}] and /asset-types/{assetTypeId} (ADMIN_ASSETS). */
export function AssetsAdminRoute() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/asset-types/')) return <AssetTypePage />;
  if (pathname.includes('/maintenances/')) return <MaintenanceAdminRedirect />;
  return <AdminPage />;
}

export function QrGeneratorRoute() {
  return <LabelsPage barcodes={false} />;
}

/**
 * /assets/maintenance-executions, /assets/maintenances/{workflowTypeId}, …/execute and
 * …/executions/{activityPublicId}.
 */
export function MaintenanceRoute() {
  const { pathname } = useLocation();
  const { activityPublicId } = useParams();
  if (pathname.startsWith('/assets/maintenance-executions')) return <ExecutionsPage />;
  if (activityPublicId) return <ExecutionPage />;
  if (/\/execute\/?$/.test(pathname)) return <ExecuteMaintenancePage />;
  return <MaintenanceTypePage />;
}

/** /public/assets/{label_token}: signed out, what a label's QR code opens. */
export function PublicAssetRoute() {
  return <PublicLabelPage />;
}
