/** Query keys of the data-source screens: sources, one source, and its rows. */
export const dataSourceKeys = {
  all: ['data-sources'] as const,
  lists: ['data-sources', 'list'] as const,
  source: (id: string) => ['data-sources', 'source', id] as const,
  rows: (id: string) => ['data-sources', 'source', id, 'rows'] as const,
  usage: (id: string) => ['data-sources', 'source', id, 'usage'] as const,
};

export const DATA_SOURCES_API = '/api/resources/v3/data-sources';

/** The list's state filter (soft delete), as the screens name it. */
export type StatusFilter = 'active' | 'deleted' | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'deleted', 'all'];
export const IS_ACTIVE: Record<StatusFilter, 'true' | 'false' | 'all'> = { active: 'true', deleted: 'false', all: 'all' };
