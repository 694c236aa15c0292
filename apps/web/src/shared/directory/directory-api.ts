import { hashKey, queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TAudience, TCatalogItem, TPaged, TPersonListItem, TPersonTeam, TPosition, TSearchMatch, TVenue } from '@faena/contracts';
import { apiClient } from '../api/api-client.ts';

export const AUDIENCES_BASE = '/api/audiences/v3';
export const ORGANIZATION_BASE = '/api/organization/v3';

/** The directory lists a picker can search (decision 008: every one is a paged list with `search`). */
export type EntityKind = 'persons' | 'positions' | 'venues' | 'business_lines' | 'audiences';

/** One choice of a picker: enough to show it without fetching it again. */
export interface EntityOption {
  id: string;
  label: string;
  /** Other kinds: the line below the label (code, department, address…); persons have `person`. */
  description?: string | undefined;
  /** Persons: their picture (initials otherwise). */
  picture?: string | null | undefined;
  /** Persons: not enabled. */
  inactive?: boolean | undefined;
  /** Persons: what the option shows below the name (e-mail, position titles, what else the search matched), apart, so that a search can be marked in it. */
  person?: { email: string | null; titles: string[]; matches?: readonly TSearchMatch[] | undefined } | undefined;
}

interface KindSpec<T> {
  list: string;
  detail: (id: string) => string;
  query?: Record<string, string>;
  toOption: (item: T) => EntityOption;
}

const personOption = (person: Pick<TPersonListItem, 'id' | 'name' | 'primary_email' | 'picture' | 'is_disabled' | 'positions' | 'search_matches'>): EntityOption => ({
  id: person.id,
  label: person.name,
  picture: person.picture,
  inactive: person.is_disabled,
  person: { email: person.primary_email, titles: person.positions.map((position) => position.title), matches: person.search_matches },
});

const SPECS: { [K in EntityKind]: KindSpec<never> } = {
  persons: {
    list: `${AUDIENCES_BASE}/persons/`,
    detail: (id) => `${AUDIENCES_BASE}/persons/${encodeURIComponent(id)}/`,
    query: { status: 'active' },
    toOption: personOption as (item: never) => EntityOption,
  },
  positions: {
    list: `${AUDIENCES_BASE}/positions/`,
    detail: (id) => `${AUDIENCES_BASE}/positions/${encodeURIComponent(id)}/`,
    toOption: ((position: TPosition) => ({ id: position.id, label: position.title, description: [position.department, position.code].filter(Boolean).join(' · ') || undefined })) as (
      item: never,
    ) => EntityOption,
  },
  venues: {
    list: `${ORGANIZATION_BASE}/venues/`,
    detail: (id) => `${ORGANIZATION_BASE}/venues/${encodeURIComponent(id)}/`,
    toOption: ((venue: TVenue) => ({ id: venue.id, label: venue.name, description: [venue.code, venue.address].filter(Boolean).join(' · ') || undefined })) as (item: never) => EntityOption,
  },
  business_lines: {
    list: `${ORGANIZATION_BASE}/business-lines/`,
    detail: (id) => `${ORGANIZATION_BASE}/business-lines/${encodeURIComponent(id)}/`,
    toOption: ((line: TCatalogItem) => ({ id: line.id, label: line.name, description: line.code ?? undefined })) as (item: never) => EntityOption,
  },
  audiences: {
    list: `${AUDIENCES_BASE}/audiences/`,
    detail: (id) => `${AUDIENCES_BASE}/audiences/${encodeURIComponent(id)}/`,
    toOption: ((audience: TAudience) => ({ id: audience.id, label: audience.name, description: audience.description ?? undefined })) as (item: never) => EntityOption,
  },
};

export const directoryKeys = {
  search: (kind: EntityKind, search: string) => ['directory', kind, 'search', search] as const,
  option: (kind: EntityKind, id: string) => ['directory', kind, 'option', id] as const,
  /** Under the people's key (['people', 'team']), which every write to a person makes stale. */
  team: (id: string) => ['people', 'team', id] as const,
  /** The caller's own record (the profile): under the people's key too, so a change to people or positions makes it stale. */
  me: ['people', 'me'] as const,
};

/**
 * What a change to people or positions can show differently (a person saved, disabled or given a
 * position; a position saved or deleted; a bulk load of either): every answer about people (lists
 * and details show position titles; teams, histories, the caller's own record), the directory's
 * pickers and audiences, and the organisation chart (its nodes name the active holders).
 */
export const PEOPLE_AND_POSITIONS_KEYS: readonly QueryKey[] = [['people'], ['directory'], ['org-chart']];

/** Makes `PEOPLE_AND_POSITIONS_KEYS` stale, all but `fresh`: the answer the write itself returned, already in the cache. */
export function invalidatePeopleAndPositions(client: QueryClient, fresh?: QueryKey): void {
  const freshHash = fresh === undefined ? undefined : hashKey(fresh);
  for (const queryKey of PEOPLE_AND_POSITIONS_KEYS) void client.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== freshHash });
}

const PICKER_PAGE = 20;

/** The first page of a list that matches `search` (empty: the first page in the list's order). */
export function entitySearchOptions(kind: EntityKind, search: string) {
  const spec = SPECS[kind];
  return queryOptions({
    queryKey: directoryKeys.search(kind, search),
    queryFn: ({ signal }) =>
      apiClient
        .get<TPaged<never>>(spec.list, { signal, query: { ...spec.query, page_size: PICKER_PAGE, search: search.trim() || null } })
        .then((page) => ({ count: page.count, options: page.results.map(spec.toOption) })),
    staleTime: 30_000,
  });
}

/** One item by id, as a picker shows it (a chosen value whose label is not known yet). */
export function entityOptionOptions(kind: EntityKind, id: string) {
  const spec = SPECS[kind];
  return queryOptions({
    queryKey: directoryKeys.option(kind, id),
    queryFn: ({ signal }) => apiClient.get<never>(spec.detail(id), { signal }).then(spec.toOption),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /persons/{id}/team/ (VIEW_PEOPLE), or /persons/me/team/ (any member): who is right above and right below the person in the chart. */
export function usePersonTeam(id: string, enabled = true) {
  return useQuery({
    queryKey: directoryKeys.team(id),
    enabled,
    queryFn: ({ signal }) => apiClient.get<TPersonTeam>(`${AUDIENCES_BASE}/persons/${encodeURIComponent(id)}/team/`, { signal }),
  });
}

export { personOption };
