import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@faena/contracts';
import type { ReferenceKind } from '@faena/domain/forms/references';
import { apiClient, repeated } from '../../api/api-client.ts';
import { isHttpError } from '../../api/http-error.ts';
import { idBatcher } from './id-batcher.ts';

/**
 * The catalogues the pickers of forms search (spec §3: venue, venues, user, users, location,
 * locations, data_source), each with the optional audience filter. Only the fields the pickers
 * show are typed here.
 */

/** An asset as the pickers see it (asset-manager list and detail). */
interface AssetRow {
  id: string;
  code: string;
  name: string;
  venue: { id: string; name: string } | null;
}
const ASSETS = '/api/asset-manager/v3/assets';
const asset = (row: AssetRow): PickerOption => ({ id: row.id, label: `${row.code} · ${row.name}`, detail: row.venue?.name });

/** The catalogues pickers search: the domain's reference kinds. */
export type EntityKind = ReferenceKind;

export interface PickerOption {
  id: string;
  label: string;
  /** A second line: position titles, code, venue. */
  detail?: string | undefined;
}

/** A person as the pickers see them (any member may pick people: a name and position titles only). */
interface PersonRow {
  id: string;
  name: string;
  positions: string[];
}
interface VenueRow {
  id: string;
  name: string;
  code?: string | null;
}
interface LocationRow {
  id: string;
  name: string;
  code?: string | null;
  venue?: string | null;
  venue_name?: string | null;
}
interface DataSourceRow {
  id: string;
  key: string;
  label: string;
}
export interface AudienceRow {
  id: string;
  name: string;
  rules?: { venues?: string[]; persons?: string[]; positions?: string[]; business_lines?: string[] };
}
export interface DataSourceSummary {
  id: string;
  name: string;
  rows_count?: number;
}

const PAGE_SIZE = 20;
const PEOPLE = '/api/audiences/v3';
const ORGANIZATION = '/api/organization/v3';
const DATA_SOURCES = '/api/resources/v3/data-sources';

const person = (row: PersonRow): PickerOption => ({ id: row.id, label: row.name, detail: row.positions.join(', ') || undefined });
const PERSON_OPTIONS = `${PEOPLE}/person-options/`;
/** Picked people named back together: a page of answers asks for its people's names once (`ids=` takes up to 100). */
const pickedPerson = idBatcher(
  async (ids, signal) => (await apiClient.get<{ results: PersonRow[] }>(PERSON_OPTIONS, { query: { ids }, signal })).results,
  (row) => row.id,
);
const venue = (row: VenueRow): PickerOption => ({ id: row.id, label: row.name, detail: row.code ?? undefined });
const location = (row: LocationRow): PickerOption => ({ id: row.id, label: row.name, detail: [row.code, row.venue_name].filter(Boolean).join(' · ') || undefined });

/** Why a catalogue cannot be searched: the route is missing (not built yet) or refused. */
export type CatalogProblem = 'unavailable' | 'forbidden';

export function catalogProblem(error: unknown): CatalogProblem | null {
  if (!error) return null;
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return 'forbidden';
  return 'unavailable';
}

export async function getAudience(id: string, signal?: AbortSignal): Promise<AudienceRow> {
  return apiClient.get<AudienceRow>(`${PEOPLE}/audiences/${encodeURIComponent(id)}/`, { signal });
}

export function audienceQueryOptions(id: string | null) {
  return queryOptions({ queryKey: ['forms', 'audience', id], queryFn: ({ signal }) => getAudience(id!, signal), enabled: id !== null, staleTime: 5 * 60_000 });
}

export async function listAudiences(search: string, signal?: AbortSignal): Promise<TPaged<AudienceRow>> {
  return apiClient.get<TPaged<AudienceRow>>(`${PEOPLE}/audiences/`, { query: { page: 1, page_size: 50, search: search || undefined }, signal });
}

export function audiencesQueryOptions(search: string) {
  return queryOptions({ queryKey: ['forms', 'audiences', search], queryFn: ({ signal }) => listAudiences(search, signal), staleTime: 60_000, placeholderData: keepPreviousData });
}

export async function listDataSources(search: string, signal?: AbortSignal): Promise<TPaged<DataSourceSummary>> {
  return apiClient.get<TPaged<DataSourceSummary>>(`${DATA_SOURCES}/`, { query: { page: 1, page_size: 50, search: search || undefined }, signal });
}

export function dataSourcesQueryOptions(search: string) {
  return queryOptions({ queryKey: ['forms', 'data-sources', search], queryFn: ({ signal }) => listDataSources(search, signal), staleTime: 60_000, placeholderData: keepPreviousData });
}

export interface SearchInput {
  kind: EntityKind;
  search: string;
  /** The audience restricting the choice (spec §3: optional audience). */
  audience: AudienceRow | null;
  /** data_source fields: the source and which column names a row. */
  dataSourceId?: string | null | undefined;
  displayKey?: string | null | undefined;
}

function rowOption(row: DataSourceRow, displayKey: string | null | undefined): PickerOption {
  const label = displayKey === 'key' ? row.key : row.label;
  return { id: row.key, label, detail: displayKey === 'key' ? row.label : row.key };
}

/** One page of options, and whether more match than the page holds (the picker asks to narrow the search). */
export interface OptionsPage {
  options: PickerOption[];
  more: boolean;
}

/** The first options of a list the client filters further (an audience's venues): more when the server has more or the filter kept more than a page. */
function firstOptions(options: PickerOption[], serverHasMore: boolean): OptionsPage {
  return { options: options.slice(0, PAGE_SIZE), more: serverHasMore || options.length > PAGE_SIZE };
}

/**
 * One page of options. An audience restricts people to its members (the server resolves it),
 * and venues / locations to the venues its rules name.
 */
export async function searchOptions(input: SearchInput, signal?: AbortSignal): Promise<OptionsPage> {
  const query = { page: 1, page_size: PAGE_SIZE, search: input.search || undefined };
  switch (input.kind) {
    case 'user': {
      const page = await apiClient.get<{ results: PersonRow[]; more: boolean }>(PERSON_OPTIONS, { query: { search: query.search, page_size: PAGE_SIZE, audience: input.audience?.id }, signal });
      return { options: page.results.map(person), more: page.more };
    }
    case 'venue': {
      const allowed = input.audience?.rules?.venues ?? [];
      const page = await apiClient.get<TPaged<VenueRow>>(`${ORGANIZATION}/venues/`, { query: { ...query, page_size: allowed.length ? 200 : PAGE_SIZE }, signal });
      return firstOptions(page.results.filter((row) => allowed.length === 0 || allowed.includes(row.id)).map(venue), page.next !== null);
    }
    case 'location': {
      const allowed = input.audience?.rules?.venues ?? [];
      const page = await apiClient.get<TPaged<LocationRow>>(`${ORGANIZATION}/locations/`, { query: { ...query, page_size: allowed.length ? 200 : PAGE_SIZE }, signal });
      return firstOptions(page.results.filter((row) => allowed.length === 0 || (row.venue !== null && row.venue !== undefined && allowed.includes(row.venue))).map(location), page.next !== null);
    }
    case 'asset': {
      // an audience narrows assets to those at its venues
      const allowed = input.audience?.rules?.venues ?? [];
      const page = await apiClient.get<TPaged<AssetRow>>(`${ASSETS}/`, { query: { ...query, page_size: allowed.length ? 200 : PAGE_SIZE }, signal });
      return firstOptions(page.results.filter((row) => allowed.length === 0 || (row.venue !== null && allowed.includes(row.venue.id))).map(asset), page.next !== null);
    }
    case 'data_source': {
      if (!input.dataSourceId) return { options: [], more: false };
      const page = await apiClient.get<TPaged<DataSourceRow>>(`${DATA_SOURCES}/${encodeURIComponent(input.dataSourceId)}/rows/`, { query, signal });
      return { options: page.results.map((row) => rowOption(row, input.displayKey)), more: page.next !== null };
    }
  }
}

export function searchOptionsQueryOptions(input: SearchInput) {
  return queryOptions({
    queryKey: ['forms', 'options', input.kind, input.search, input.audience?.id ?? null, input.dataSourceId ?? null, input.displayKey ?? null],
    queryFn: ({ signal }) => searchOptions(input, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useSearchOptions(input: SearchInput, enabled: boolean) {
  return useQuery({ ...searchOptionsQueryOptions(input), enabled });
}

/** Picked rows of each data source named back together, by their exact keys (deleted rows too: an old answer keeps its label). */
const rowBatchers = new Map<string, (key: string, signal?: AbortSignal) => Promise<DataSourceRow | null>>();
function pickedRow(dataSourceId: string) {
  let batcher = rowBatchers.get(dataSourceId);
  if (!batcher) {
    const path = `${DATA_SOURCES}/${encodeURIComponent(dataSourceId)}/rows/`;
    // keys may hold commas: one `key=` per key, not a comma-joined list
    const load = async (keys: string[], signal: AbortSignal) =>
      (await apiClient.get<TPaged<DataSourceRow>>(path, { query: { key: repeated(keys), is_active: 'all', page_size: keys.length }, signal })).results;
    batcher = idBatcher(load, (row) => row.key);
    rowBatchers.set(dataSourceId, batcher);
  }
  return batcher;
}

/** The name of one picked entity (answers show names, not ids). */
export async function getOption(kind: EntityKind, id: string, context: { dataSourceId?: string | null; displayKey?: string | null } = {}, signal?: AbortSignal): Promise<PickerOption | null> {
  switch (kind) {
    case 'user': {
      const row = await pickedPerson(id, signal);
      return row ? person(row) : null;
    }
    case 'venue':
      return venue(await apiClient.get<VenueRow>(`${ORGANIZATION}/venues/${encodeURIComponent(id)}/`, { signal }));
    case 'location':
      return location(await apiClient.get<LocationRow>(`${ORGANIZATION}/locations/${encodeURIComponent(id)}/`, { signal }));
    case 'asset':
      return asset(await apiClient.get<AssetRow>(`${ASSETS}/${encodeURIComponent(id)}/`, { signal }));
    case 'data_source': {
      if (!context.dataSourceId) return null;
      const row = await pickedRow(context.dataSourceId)(id, signal);
      return row ? rowOption(row, context.displayKey) : null;
    }
  }
}

export function optionQueryOptions(kind: EntityKind, id: string, context: { dataSourceId?: string | null; displayKey?: string | null } = {}) {
  return queryOptions({
    queryKey: ['forms', 'option', kind, id, context.dataSourceId ?? null, context.displayKey ?? null],
    queryFn: ({ signal }) => getOption(kind, id, context, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
