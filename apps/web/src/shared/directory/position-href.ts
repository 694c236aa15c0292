import { ACCESS } from '../access/access.ts';
import { useCanAccess } from '../session/get-site-config.ts';

/**
 * Where a position opens for the signed-in person: its place on the chart, else its editing, else
 * nowhere. Both screens sit behind flags (the chart's is off in production), so a link is drawn
 * only to one the person can open.
 */
export function usePositionHref(): (id: string) => string | null {
  const chart = useCanAccess(ACCESS.orgChart);
  const manage = useCanAccess(ACCESS.positions);
  return (id) => (chart ? `/org-chart?position=${encodeURIComponent(id)}` : manage ? `/positions/${encodeURIComponent(id)}` : null);
}
