import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSETS_BASE,
  type TAsset,
  type TAssetCategory,
  type TAssetCategoryUpdate,
  type TAssetCategoryWrite,
  type TAssetExport,
  type TAssetExportRequest,
  type TAssetOverview,
  type TAssetScan,
  type TAssetSummary,
  type TAssetType,
  type TAssetTypeUpdate,
  type TAssetTypeWrite,
  type TAssetUpdate,
  type TAssetWrite,
  type TCalendarOccurrence,
  type TInvestment,
  type TLabelRequest,
  type TMaintenance,
  type TMaintenanceComplete,
  type TMaintenancePlan,
  type TMaintenancePlanWrite,
  type TMaintenanceStart,
  type TLabelJob,
  type TMeter,
  type TMeterPlanWrite,
  type TMeterReading,
  type TMeterReadingResult,
  type TMeterWrite,
  type TPublicAsset,
  type TPublicReportWrite,
} from '@faena/contracts/assets';
import type { TPaged } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useMutation } from '../../../shared/api/use-mutation.ts';
import type { RemoteSource } from '../../../shared/ui/remote-select.tsx';
import type { AssetListState } from '../lib/filters.ts';

export { ASSETS_BASE };
const enc = encodeURIComponent;
const assetUrl = (id: string) => `${ASSETS_BASE}/assets/${enc(id)}/`;

export const assetKeys = {
  all: ['assets'] as const,
  list: (state: AssetListState) => ['assets', 'list', state] as const,
  overview: ['assets', 'overview'] as const,
  asset: (id: string) => ['assets', 'asset', id] as const,
  categories: ['assets', 'categories'] as const,
  types: ['assets', 'types'] as const,
  type: (id: string) => ['assets', 'type', id] as const,
  scans: ['assets', 'scans'] as const,
  maintenances: (id: string) => ['assets', 'maintenances', id] as const,
  executions: (query: Record<string, string | number | undefined>) => ['assets', 'executions', query] as const,
  plans: (id: string) => ['assets', 'plans', id] as const,
  calendar: (id: string, from: string, to: string) => ['assets', 'calendar', id, from, to] as const,
  investment: (id: string) => ['assets', 'investment', id] as const,
  export: (id: string) => ['assets', 'export', id] as const,
  publicAsset: (token: string) => ['public-asset', token] as const,
};

// ---------------------------------------------------------------------------- reads

export function useAssetList(state: AssetListState) {
  return useQuery({
    queryKey: assetKeys.list(state),
    queryFn: ({ signal }) =>
      apiClient.get<TPaged<TAssetSummary>>(`${ASSETS_BASE}/assets/`, { signal, query: { ...state.filters, page: state.page, page_size: state.pageSize, ordering: state.ordering } }),
    placeholderData: keepPreviousData,
  });
}

/** The assets picker (parent, label sheets, a maintenance's asset): under the area's keys, so a write refreshes it. */
export const ASSETS_SOURCE: RemoteSource<TAssetSummary> = { key: [...assetKeys.all, 'remote'], url: `${ASSETS_BASE}/assets/`, toChoice: (a) => ({ value: a.id, label: `${a.code} · ${a.name}` }) };

export function useOverview() {
  return useQuery({ queryKey: assetKeys.overview, queryFn: ({ signal }) => apiClient.get<TAssetOverview>(`${ASSETS_BASE}/assets/overview/`, { signal }) });
}

export function useAsset(id: string | undefined) {
  // an asset's status changes from outside (reports on its label, workflows, the sweep): a copy kept on the device is shown, then read again
  return useQuery({ queryKey: assetKeys.asset(id ?? ''), queryFn: ({ signal }) => apiClient.get<TAsset>(assetUrl(id ?? ''), { signal }), enabled: Boolean(id), refetchOnMount: 'always' });
}

export function useCategories() {
  return useQuery({ queryKey: assetKeys.categories, queryFn: ({ signal }) => apiClient.get<{ results: TAssetCategory[] }>(`${ASSETS_BASE}/categories/`, { signal }), staleTime: 30_000 });
}

export function useAssetTypes() {
  return useQuery({ queryKey: assetKeys.types, queryFn: ({ signal }) => apiClient.get<{ results: TAssetType[] }>(`${ASSETS_BASE}/asset-types/`, { signal }), staleTime: 30_000 });
}

export function useAssetType(id: string | undefined) {
  return useQuery({ queryKey: assetKeys.type(id ?? ''), queryFn: ({ signal }) => apiClient.get<TAssetType>(`${ASSETS_BASE}/asset-types/${enc(id ?? '')}/`, { signal }), enabled: Boolean(id) });
}

export function useScans() {
  // read again on every visit: a copy kept on the device (offline, decision 031) predates the scan that brought the person here
  return useQuery({ queryKey: assetKeys.scans, queryFn: ({ signal }) => apiClient.get<{ results: TAssetScan[] }>(`${ASSETS_BASE}/assets/scans/`, { signal }), refetchOnMount: 'always' });
}

export function useMaintenances(assetId: string) {
  return useQuery({
    queryKey: assetKeys.maintenances(assetId),
    queryFn: ({ signal }) => apiClient.get<TPaged<TMaintenance>>(`${assetUrl(assetId)}maintenances/`, { signal, query: { page_size: 100 } }),
    refetchOnMount: 'always',
  });
}

export interface ExecutionQuery {
  page: number;
  page_size: number;
  kind?: string | undefined;
  status?: string | undefined;
  workflow_type?: string | undefined;
  asset?: string | undefined;
}

export function useExecutions(query: ExecutionQuery) {
  return useQuery({
    queryKey: assetKeys.executions({ ...query }),
    queryFn: ({ signal }) => apiClient.get<TPaged<TMaintenance>>(`${ASSETS_BASE}/maintenance-executions/`, { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One maintenance: among its asset's maintenances when the address names the asset (?asset=), else
 * GET /maintenance-executions/{id}/.
 */
export function useExecution(id: string | undefined, assetId: string | null) {
  return useQuery({
    queryKey: ['assets', 'execution', id ?? '', assetId],
    queryFn: async ({ signal }) => {
      if (!assetId) return apiClient.get<TMaintenance>(`${ASSETS_BASE}/maintenance-executions/${enc(id ?? '')}/`, { signal });
      const page = await apiClient.get<TPaged<TMaintenance>>(`${assetUrl(assetId)}maintenances/`, { signal, query: { page_size: 200 } });
      const found = page.results.find((row) => row.id === id);
      if (!found) throw new Error('maintenance-not-found');
      return found;
    },
    enabled: Boolean(id),
  });
}

export function usePlans(assetId: string) {
  return useQuery({ queryKey: assetKeys.plans(assetId), queryFn: ({ signal }) => apiClient.get<{ results: TMaintenancePlan[] }>(`${assetUrl(assetId)}plans/`, { signal }) });
}

export function useAssetCalendar(assetId: string, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: assetKeys.calendar(assetId, from, to),
    queryFn: ({ signal }) => apiClient.get<{ results: TCalendarOccurrence[] }>(`${assetUrl(assetId)}calendar/`, { signal, query: { from, to } }),
    enabled: enabled && Boolean(from && to),
    placeholderData: keepPreviousData,
  });
}

export function useInvestment(assetId: string) {
  return useQuery({ queryKey: assetKeys.investment(assetId), queryFn: ({ signal }) => apiClient.get<TInvestment>(`${assetUrl(assetId)}investment/`, { signal }) });
}

export function useExport(id: string | null) {
  return useQuery({
    queryKey: assetKeys.export(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<TAssetExport>(`${ASSETS_BASE}/assets/exports/${enc(id ?? '')}/`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ['DONE', 'FAILED', 'EXPIRED'].includes(query.state.data.status) ? false : 1000),
  });
}

// ---------------------------------------------------------------------------- writes

function useAssetsWrite<Input, Answer>(request: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export const useCreateAsset = () => useAssetsWrite((body: TAssetWrite) => apiClient.post<TAsset>(`${ASSETS_BASE}/assets/`, { json: body }));
export const useUpdateAsset = (id: string) => useAssetsWrite((body: TAssetUpdate) => apiClient.patch<TAsset>(assetUrl(id), { json: body }));
export const useDeleteAsset = (id: string) => useAssetsWrite(() => apiClient.delete<void>(assetUrl(id), { responseType: 'none' }));

export const useCreateCategory = () => useAssetsWrite((body: TAssetCategoryWrite) => apiClient.post<TAssetCategory>(`${ASSETS_BASE}/categories/`, { json: body }));
export const useUpdateCategory = () =>
  useAssetsWrite(({ id, body }: { id: string; body: TAssetCategoryUpdate }) => apiClient.patch<TAssetCategory>(`${ASSETS_BASE}/categories/${enc(id)}/`, { json: body }));
export const useDeleteCategory = () => useAssetsWrite((id: string) => apiClient.delete<void>(`${ASSETS_BASE}/categories/${enc(id)}/`, { responseType: 'none' }));

export const useCreateType = () => useAssetsWrite((body: TAssetTypeWrite) => apiClient.post<TAssetType>(`${ASSETS_BASE}/asset-types/`, { json: body }));
export const useUpdateType = (id: string) => useAssetsWrite((body: TAssetTypeUpdate) => apiClient.patch<TAssetType>(`${ASSETS_BASE}/asset-types/${enc(id)}/`, { json: body }));

/** POST /assets/scans/ — records the scan; 404 asset-not-found for an unknown code. */
export const useScan = () => useAssetsWrite((code: string) => apiClient.post<TAsset>(`${ASSETS_BASE}/assets/scans/`, { json: { code } }));

export const useStartMaintenance = (assetId: string) => useAssetsWrite((body: TMaintenanceStart) => apiClient.post<TMaintenance>(`${assetUrl(assetId)}maintenances/`, { json: body }));
export const useCompleteMaintenance = (assetId: string) =>
  useAssetsWrite(({ id, body }: { id: string; body: TMaintenanceComplete }) => apiClient.post<TMaintenance>(`${assetUrl(assetId)}maintenances/${enc(id)}/complete/`, { json: body }));
export const useCreatePlan = (assetId: string) => useAssetsWrite((body: TMaintenancePlanWrite) => apiClient.post<TMaintenancePlan>(`${assetUrl(assetId)}plans/`, { json: body }));

export const useCreateMeter = (assetId: string) => useAssetsWrite((body: TMeterWrite) => apiClient.post<TMeter>(`${assetUrl(assetId)}meters/`, { json: body }));
export const useAddReading = (assetId: string) =>
  useAssetsWrite(({ meter, value }: { meter: string; value: number }) => apiClient.post<TMeterReadingResult>(`${assetUrl(assetId)}meters/${enc(meter)}/readings/`, { json: { value } }));
export const useCreateMeterPlan = (assetId: string) =>
  useAssetsWrite(({ meter, body }: { meter: string; body: TMeterPlanWrite }) => apiClient.post<TMeter>(`${assetUrl(assetId)}meters/${enc(meter)}/plans/`, { json: body }));
export const useDeleteMeterPlan = (assetId: string) =>
  useAssetsWrite(({ meter, plan }: { meter: string; plan: string }) => apiClient.delete<void>(`${assetUrl(assetId)}meters/${enc(meter)}/plans/${enc(plan)}/`, { responseType: 'none' }));

export const useStartLabelJob = () => useMutation({ meta: { silent: true }, mutationFn: (body: TLabelRequest) => apiClient.post<TLabelJob>(`${ASSETS_BASE}/labels/jobs/`, { json: body }) });
export function useLabelJob(id: string | null) {
  return useQuery({
    queryKey: [...assetKeys.all, 'label-job', id ?? ''],
    queryFn: ({ signal }) => apiClient.get<TLabelJob>(`${ASSETS_BASE}/labels/jobs/${enc(id ?? '')}/`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && ['DONE', 'FAILED'].includes(query.state.data.status) ? false : 1000),
  });
}

export const useStartExport = () => useAssetsWrite((body: TAssetExportRequest) => apiClient.post<TAssetExport>(`${ASSETS_BASE}/assets/export/`, { json: body }));

/** POST /labels/ → the PDF sheet as a blob. */
export const useLabels = () => useMutation({ meta: { silent: true }, mutationFn: (body: TLabelRequest) => apiClient.post<Blob>(`${ASSETS_BASE}/labels/`, { json: body, responseType: 'blob' }) });

// ---------------------------------------------------------------------------- public label page (no session)

export function usePublicAsset(token: string) {
  return useQuery({
    queryKey: assetKeys.publicAsset(token),
    queryFn: ({ signal }) => apiClient.get<TPublicAsset>(`${ASSETS_BASE}/public/assets/${enc(token)}/`, { signal, auth: false }),
    retry: false,
  });
}

export const usePublicReport = (token: string) =>
  useMutation({ meta: { silent: true }, mutationFn: (body: TPublicReportWrite) => apiClient.post<{ id: string }>(`${ASSETS_BASE}/public/assets/${enc(token)}/reports/`, { json: body, auth: false }) });

// ---------------------------------------------------------------------------- inspections (checklists executed at an asset)

/** What the asset detail shows of a checklist execution at it (the checklists API's list, filtered by asset). */
export interface AssetInspection {
  id: string;
  checklist: { id: string; name: string };
  status: 'draft' | 'submitted';
  result: 'aprobado' | 'reprobado' | null;
  score: number | null;
  failed_count: number;
  executed_by: { name: string } | null;
  started_at: string;
  submitted_at: string | null;
}

export function useAssetInspections(assetId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.all, 'inspections', assetId],
    queryFn: ({ signal }) => apiClient.get<TPaged<AssetInspection>>('/api/checklists/v3/executions/', { signal, query: { asset: assetId, status: 'submitted', page_size: 10 } }),
    enabled,
  });
}

// ---------------------------------------------------------------------------- meters

export function useMeters(assetId: string) {
  return useQuery({ queryKey: [...assetKeys.all, 'meters', assetId], queryFn: ({ signal }) => apiClient.get<{ results: TMeter[] }>(`${assetUrl(assetId)}meters/`, { signal }) });
}

export function useReadings(assetId: string, meterId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.all, 'readings', assetId, meterId],
    queryFn: ({ signal }) => apiClient.get<TPaged<TMeterReading>>(`${assetUrl(assetId)}meters/${enc(meterId)}/readings/`, { signal, query: { page_size: 10 } }),
    enabled,
  });
}
