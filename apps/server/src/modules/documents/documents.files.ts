import type { FileHolderKind } from './holdings.ts';

/** A document of the document manager holds its file: read by those who manage documentation (decision 032). */
export const DOCUMENT_HOLDER = 'document';

export const documentFiles: FileHolderKind = {
  kind: DOCUMENT_HOLDER,
  readable: async (ctx, holderIds) => new Set(ctx.caller.permissions.has('MANAGE_DOCUMENTATIONS') ? holderIds : []),
};
