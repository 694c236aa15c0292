import { z } from 'zod';
import { IDENTITY_DOCUMENT_TYPES, PERSON_ORIGINS } from '@faena/domain';
import { ZPageQuery } from './common.ts';
import { ZFileLanguage } from './imports.ts';

const ZRef = z.object({ id: z.string(), name: z.string() });
const ZPositionRef = z.object({ id: z.string(), title: z.string() });

export const ZIdentityDocument = z.object({ type: z.enum(IDENTITY_DOCUMENT_TYPES), number: z.string() }).meta({ id: 'IdentityDocument' });
export type TIdentityDocument = z.infer<typeof ZIdentityDocument>;
export const ZPhone = z.object({ number: z.string(), label: z.string().nullable() }).meta({ id: 'Phone' });
export type TPhone = z.infer<typeof ZPhone>;
export const ZPersonOrigin = z.enum(PERSON_ORIGINS);

export const ZSearchMatch = z.object({ field: z.enum(['phone', 'other_email']), value: z.string() }).meta({ id: 'PersonSearchMatch' });
export type TSearchMatch = z.infer<typeof ZSearchMatch>;

/** A person as the list shows it. */
export const ZPersonListItem = z
  .object({
    id: z.string(),
    passport: z.string(),
    name: z.string(),
    primary_email: z.string().nullable(),
    picture: z.string().nullable(),
    photo_upload_id: z.string().nullable(),
    is_disabled: z.boolean(),
    has_account: z.boolean(),
    /** No account yet, and an invitation to the primary e-mail is open (neither accepted nor expired). */
    invited: z.boolean(),
    origin: ZPersonOrigin.nullable(),
    identity_documents: z.array(ZIdentityDocument),
    positions: z.array(ZPositionRef),
    created_at: z.string(),
    updated_at: z.string(),
    /**
     * Only on a search: the person's phones and other e-mails that a search term found while
     * nothing the list shows (name, primary e-mail, documents, positions) did; so the list can
     * say why the person is there. Empty when what it shows explains it.
     */
    search_matches: z.array(ZSearchMatch).optional(),
  })
  .meta({ id: 'PersonListItem' });
export type TPersonListItem = z.infer<typeof ZPersonListItem>;

/** Every field of the person form (spec forms §3). */
export const ZPerson = ZPersonListItem.omit({ search_matches: true })
  .extend({
    roles: z.array(z.string()),
    groups: z.array(z.string()),
    other_emails: z.array(z.string()),
    phones: z.array(ZPhone),
    address: z.string().nullable(),
    business_lines: z.array(ZRef),
    workspaces: z.array(ZRef),
    company: ZRef.nullable(),
    last_sign_in_at: z.string().nullable(),
  })
  .meta({ id: 'Person' });
export type TPerson = z.infer<typeof ZPerson>;

const text = (max: number) => z.string().trim().max(max);
const ZPhoneInput = z.union([z.string().max(40), z.object({ number: z.string().max(40), label: z.string().trim().max(40).nullish() })]);

/** Unknown keys are ignored (API.md). Checks beyond shape (RUT, e-mails, references) answer field errors. */
export const ZCreatePersonRequest = z.object({
  name: z.string().trim().min(1).max(200),
  primary_email: z.string().trim().max(320).nullable().optional(),
  roles: z.array(text(100).min(1)).max(50).optional(),
  groups: z.array(text(100).min(1)).max(50).optional(),
  identity_documents: z
    .array(z.object({ type: z.enum(IDENTITY_DOCUMENT_TYPES), number: z.string().max(40) }))
    .max(10)
    .optional(),
  other_emails: z.array(z.string().trim().max(320)).max(10).optional(),
  phones: z.array(ZPhoneInput).max(10).optional(),
  photo_upload_id: z.string().max(100).nullable().optional(),
  address: text(500).nullable().optional(),
  business_line_ids: z.array(z.string().max(100)).max(50).optional(),
  workspace_ids: z.array(z.string().max(100)).max(200).optional(),
  origin: ZPersonOrigin.nullable().optional(),
  company_id: z.string().max(100).nullable().optional(),
  position_ids: z.array(z.string().max(100)).max(20).optional(),
});
export type TCreatePersonRequest = z.infer<typeof ZCreatePersonRequest>;
/**
 * `positions_added` / `positions_removed` change the positions the person holds and leave the rest
 * as they are, so an edit of the person does not undo a position someone gave them meanwhile (from
 * the position or the people list); `position_ids` replaces the whole set. Not both at once.
 */
export const ZUpdatePersonRequest = ZCreatePersonRequest.partial().extend({
  positions_added: z.array(z.string().max(100)).max(20).optional(),
  positions_removed: z.array(z.string().max(100)).max(200).optional(),
});
export type TUpdatePersonRequest = z.infer<typeof ZUpdatePersonRequest>;

export const ZPersonStatus = z.enum(['active', 'disabled', 'all']);
export const ZPersonFilters = z.object({
  search: z.string().max(200).optional(),
  position: z.string().max(100).optional(),
  business_line: z.string().max(100).optional(),
  workspace: z.string().max(100).optional(),
  /** The company a contractor or partner comes from (spec forms §3 person: company). */
  company: z.string().max(100).optional(),
  origin: ZPersonOrigin.optional(),
  status: ZPersonStatus.default('all'),
  /** Whether they can sign in: an account (`active`), an open invitation (`invited`), neither (`none`). */
  account: z.enum(['active', 'invited', 'none']).optional(),
});
export type TPersonFilters = z.infer<typeof ZPersonFilters>;
/** The list's order: by name (accent-free, ñ after n) or the newest first (who was just added or loaded). */
export const PERSON_ORDERINGS = ['name', '-created_at'] as const;
export type TPersonOrdering = (typeof PERSON_ORDERINGS)[number];
export const ZPersonListQuery = ZPageQuery.extend(ZPersonFilters.shape).extend({ ordering: z.enum(PERSON_ORDERINGS).default('name') });
export type TPersonListQuery = z.infer<typeof ZPersonListQuery>;

export const ZInviteResponse = z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), link: z.string(), expires_at: z.string() }).meta({ id: 'Invite' });

/** Several people disabled or enabled at once (the people list's selection). */
export const ZBulkPersonStatusRequest = z.object({ person_ids: z.array(z.uuid()).min(1).max(500), disabled: z.boolean() });
export type TBulkPersonStatusRequest = z.infer<typeof ZBulkPersonStatusRequest>;
/** `changed`: the ids whose state changed; `unchanged`: already so; `not_found`: no such person here. */
export const ZBulkPersonStatusResponse = z.object({ changed: z.array(z.string()), unchanged: z.array(z.string()), not_found: z.array(z.string()) }).meta({ id: 'BulkPersonStatus' });
export type TBulkPersonStatusResponse = z.infer<typeof ZBulkPersonStatusResponse>;

/** A position given to, or taken from, several people at once (the people list's selection). */
export const ZBulkPersonPositionRequest = z.object({ person_ids: z.array(z.uuid()).min(1).max(500), position_id: z.uuid(), action: z.enum(['add', 'remove']) });
export type TBulkPersonPositionRequest = z.infer<typeof ZBulkPersonPositionRequest>;
/** Like BulkPersonStatus: `changed` took (or left) the position; `unchanged` already held it (or did not). */
export const ZBulkPersonPositionResponse = ZBulkPersonStatusResponse.meta({ id: 'BulkPersonPosition' });
export type TBulkPersonPositionResponse = z.infer<typeof ZBulkPersonPositionResponse>;

/** Several people invited at once (the people list's selection, e.g. after a bulk load). */
export const ZBulkInviteRequest = z.object({ person_ids: z.array(z.uuid()).min(1).max(500) });
export type TBulkInviteRequest = z.infer<typeof ZBulkInviteRequest>;
/** `invited`: each got an invitation to their primary e-mail; the others were skipped, by why. */
export const ZBulkInviteResponse = z
  .object({ invited: z.array(z.string()), has_account: z.array(z.string()), disabled: z.array(z.string()), no_email: z.array(z.string()), not_found: z.array(z.string()) })
  .meta({ id: 'BulkInvite' });
export type TBulkInviteResponse = z.infer<typeof ZBulkInviteResponse>;

/**
 * getCredentialStatus (spec forms §7): whether the person can sign in, and why not. DISABLED
 * wins; then ACTIVE (an account); else the latest invitation to the primary e-mail: INVITED
 * while it is open, INVITATION_EXPIRED once it lapsed unused; NO_ACCOUNT otherwise.
 */
export const CREDENTIAL_STATUSES = ['ACTIVE', 'INVITED', 'INVITATION_EXPIRED', 'NO_ACCOUNT', 'DISABLED'] as const;
export const ZPersonCredentialStatus = z
  .object({
    status: z.enum(CREDENTIAL_STATUSES),
    has_account: z.boolean(),
    /** The account can sign in with a password (else only with a link or a provider). */
    has_password: z.boolean(),
    last_sign_in_at: z.string().nullable(),
    /** Sessions open on some device (not signed out, revoked or expired), impersonations of the person included. */
    active_sessions: z.number().int(),
    invitation: z.object({ sent_at: z.string(), expires_at: z.string(), accepted_at: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'PersonCredentialStatus' });
export type TPersonCredentialStatus = z.infer<typeof ZPersonCredentialStatus>;
/** Signing a person out of every device (a lost phone): how many open sessions were closed. */
export const ZSignOutEverywhereResponse = z.object({ revoked: z.number().int() }).meta({ id: 'SignOutEverywhere' });
export type TSignOutEverywhereResponse = z.infer<typeof ZSignOutEverywhereResponse>;

/** One write about a person (the audit log's entries whose subject is the person), newest first. */
export const ZPersonHistoryEntry = z
  .object({
    id: z.string(),
    /** The audit action: people.create, people.update, people.disable, people.enable, people.sign-out-everywhere, permissions.replace, permissions.change, auth.invite.create, auth.impersonation.start, auth.impersonation.stop, or a route's `METHOD /path`. */
    action: z.string(),
    /** people.update: `fields` (the API names of the fields it changed); permissions.replace: `permissions`; permissions.change: `added`, `removed`; auth.invite.create: `email`. */
    details: z.record(z.string(), z.unknown()).nullable(),
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Who was really at the keyboard, when the actor was being impersonated. */
    impersonator: z.object({ id: z.string(), name: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PersonHistoryEntry' });
export type TPersonHistoryEntry = z.infer<typeof ZPersonHistoryEntry>;

/** A person's place in the chart: who is right above them and who right below (people detail). */
export const ZPersonTeam = z
  .object({
    /** The positions right above the person's, each with the (enabled) people holding it; a vacant one has none. */
    managers: z.array(z.object({ position: z.object({ id: z.string(), title: z.string() }), people: z.array(z.object({ id: z.string(), name: z.string() })) })),
    /** The people holding the positions right below the person's: how many, and the first ones by name. */
    reports: z.object({ count: z.number().int(), people: z.array(z.object({ id: z.string(), name: z.string(), position: z.object({ id: z.string(), title: z.string() }) })) }),
  })
  .meta({ id: 'PersonTeam' });
export type TPersonTeam = z.infer<typeof ZPersonTeam>;

// ------------------------------------------------------------------------------------------
// Exports

/** EXPIRED: retention removed the file (PERSON_EXPORT_RETENTION_DAYS after it was made). */
export const EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export const ZPersonExport = z
  .object({
    id: z.string(),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(EXPORT_STATUSES),
    percent: z.number().int(),
    rows: z.number().int(),
    file_name: z.string(),
    download_url: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    /** Until when the file can be downloaded (a DONE export), or when it was deleted (EXPIRED); null otherwise. */
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'PersonExport' });
export type TPersonExport = z.infer<typeof ZPersonExport>;
export const ZCreatePersonExportRequest = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  filters: ZPersonFilters.partial().optional(),
  /** The header row's language: the people import's Spanish headers (default) or its English names; either loads back. */
  language: ZFileLanguage.default('es'),
});
