import type { FileHolderKind } from '../documents/index.ts';
import { ACTIVITY_HOLDER, visibleSeriesIds } from './activities.service.ts';

/**
 * An activity holds the files another module hands it when making it (a checklist's corrective
 * action holds the failed item's photos, decision 026): read by whoever may see the activity, so
 * its responsible sees them on the occurrence without access to where they came from (decision 032).
 */
export const activityFiles: FileHolderKind = {
  kind: ACTIVITY_HOLDER,
  // as getActivity: MANAGE_TASKS, a responsible of the series or of one of its occurrences, or a member of its audience
  readable: (ctx, holderIds) => ctx.read((db) => visibleSeriesIds(ctx, db, holderIds)),
};
