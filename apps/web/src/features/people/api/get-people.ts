import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged, TPersonListItem, TPersonOrdering } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';

export const PERSONS_BASE = '/api/audiences/v3/persons';
/** One person's address under the API (its sub-resources hang from it). */
export const personUrl = (id: string) => `${PERSONS_BASE}/${encodeURIComponent(id)}`;

export type PersonStatusFilter = 'active' | 'disabled' | 'all';
export type PersonOrigin = 'OWN_ORGANIZATION' | 'BUSINESS_PARTNER' | 'CONTRACTOR_BUSINESS';
export const PERSON_ORIGINS: readonly PersonOrigin[] = ['OWN_ORGANIZATION', 'BUSINESS_PARTNER', 'CONTRACTOR_BUSINESS'];
/** Whether they can sign in: an account, an open invitation, neither. */
export type PersonAccountFilter = 'active' | 'invited' | 'none';
export const PERSON_ACCOUNTS: readonly PersonAccountFilter[] = ['active', 'invited', 'none'];

/** The filters by an entity chosen from a server list: the URL keeps its id (`{key}`) and its label (`{key}_name`). */
export const ENTITY_FILTER_KEYS = ['position', 'business_line', 'workspace', 'company'] as const;
export type EntityFilterKey = (typeof ENTITY_FILTER_KEYS)[number];

/** The list's filters (decision 008: ids for position, business line, workspace and company). */
export type PeopleFilters = { search: string } & Record<EntityFilterKey, string | null> & { origin: PersonOrigin | null; account: PersonAccountFilter | null; status: PersonStatusFilter };

/** One value per entity filter. */
export const byEntity = <T>(value: (key: EntityFilterKey) => T): Record<EntityFilterKey, T> => ({
  position: value('position'),
  business_line: value('business_line'),
  workspace: value('workspace'),
  company: value('company'),
});

export const EMPTY_FILTERS: PeopleFilters = { search: '', ...byEntity(() => null), origin: null, account: null, status: 'active' };

/** The filters as the server reads them (blank ones dropped). */
export function filterQuery(filters: PeopleFilters) {
  return {
    search: filters.search.trim() || null,
    ...byEntity((key) => filters[key]),
    origin: filters.origin,
    account: filters.account,
    status: filters.status,
  };
}

export const peopleKeys = {
  all: ['people'] as const,
  list: (filters: PeopleFilters, page: number, pageSize: number, ordering: TPersonOrdering) => ['people', 'list', filterQuery(filters), page, pageSize, ordering] as const,
  detail: (id: string) => ['people', 'detail', id] as const,
  /** A person's history; every write to a person makes the histories stale. */
  histories: ['people', 'history'] as const,
  history: (id: string) => ['people', 'history', id] as const,
  /**
   * The audiences a person is in: under the audiences' own key (['directory', 'audiences']), which
   * saving or deleting an audience makes stale, and a change to people or positions too
   * (`invalidatePeopleAndPositions`).
   */
  audiences: (id: string) => ['directory', 'audiences', 'memberships', id] as const,
  /** Whether a person can sign in: invitations, disabling and signing out change it. */
  credential: (id: string) => ['people', 'credentials', id] as const,
};

/** getPeople: GET /persons/ with search, filters, order and paging (VIEW_PEOPLE). */
export function peopleQueryOptions(filters: PeopleFilters, page: number, pageSize: number, ordering: TPersonOrdering) {
  return queryOptions({
    queryKey: peopleKeys.list(filters, page, pageSize, ordering),
    queryFn: ({ signal }) => apiClient.get<TPaged<TPersonListItem>>(`${PERSONS_BASE}/`, { query: { ...filterQuery(filters), ordering, page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePeople(filters: PeopleFilters, page: number, pageSize: number, ordering: TPersonOrdering) {
  return useQuery(peopleQueryOptions(filters, page, pageSize, ordering));
}
