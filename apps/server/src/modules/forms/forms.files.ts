import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../platform/ids.ts';
import type { FileHolderKind } from '../documents/index.ts';
import { formResponses } from './forms.table.ts';

/** A form response holds the files of its answers (decision 032): read by whoever may read the response. */
export const FORM_RESPONSE_HOLDER = 'form-response';

export const formResponseFiles: FileHolderKind = {
  kind: FORM_RESPONSE_HOLDER,
  // as getFormResponse: managers of forms (MANAGE_WF) every response, everyone else their own
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter(isUuid);
    if (ids.length === 0) return new Set();
    const all = ctx.caller.permissions.has('MANAGE_WF');
    const rows = await ctx.read((db) =>
      db
        .select({ id: formResponses.id, personId: formResponses.personId })
        .from(formResponses)
        .where(and(eq(formResponses.tenantId, ctx.tenant.id), inArray(formResponses.id, ids))),
    );
    return new Set(rows.filter((row) => all || row.personId === ctx.caller.personId).map((row) => row.id));
  },
};
