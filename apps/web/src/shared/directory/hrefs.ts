import { ACCESS } from '../access/access.ts';
import { useCanAccess } from '../session/get-site-config.ts';

/** A position's place on the organisation chart (where the chart can be opened: ACCESS.orgChart). */
export const chartHref = (id: string) => `/org-chart?position=${encodeURIComponent(id)}`;

/**
 * Where a position opens for the signed-in person: its place on the chart, else its editing, else
 * nowhere. Both screens sit behind flags (the chart's is off in production), so a link is drawn
 * only to one the person can open.
 */
export function usePositionHref(): (id: string) => string | null {
  const chart = useCanAccess(ACCESS.orgChart);
  const manage = useCanAccess(ACCESS.positions);
  return (id) => (chart ? chartHref(id) : manage ? `/positions/${encodeURIComponent(id)}` : null);
}

/** Where a person opens for the signed-in person: their detail, else nowhere (the people screens need VIEW_PEOPLE, which a people administrator may not hold). */
export function usePersonHref(): (id: string) => string | null {
  const people = useCanAccess(ACCESS.people);
  return (id) => (people ? `/people/${encodeURIComponent(id)}` : null);
}

/** The people list searched for `search`, all statuses, for whoever may see people (the list's `q` and `status` keys). */
export function usePeopleSearchHref(): (search: string) => string | null {
  const people = useCanAccess(ACCESS.people);
  return (search) => (people ? `/people?${new URLSearchParams({ q: search, status: 'all' }).toString()}` : null);
}

/**
 * The people list filtered by a catalogue entry, all statuses (as a usage count counts them), for
 * whoever may see people. The list reads the entry's id and its name from `{filter}` and
 * `{filter}_name` (features/people: people-list-page).
 */
export function usePeopleOfHref(): (filter: 'workspace' | 'business_line' | 'company', id: string, name: string) => string | null {
  const people = useCanAccess(ACCESS.people);
  return (filter, id, name) => (people ? `/people?${new URLSearchParams({ [filter]: id, [`${filter}_name`]: name, status: 'all' }).toString()}` : null);
}

/** The catalogues a person's detail links to, with the access rule of their screens. */
const CATALOG_ACCESS = { venues: ACCESS.venues, 'business-lines': ACCESS.businessLines, companies: ACCESS.companies } as const;

/** Where a catalogue entry (a venue, a business line, a company) opens: its detail, else nowhere (the tenant may have switched the module off). */
export function useCatalogHref(catalog: keyof typeof CATALOG_ACCESS): (id: string) => string | null {
  const open = useCanAccess(CATALOG_ACCESS[catalog]);
  return (id) => (open ? `/${catalog}/${encodeURIComponent(id)}` : null);
}
