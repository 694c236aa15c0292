import { CHECKLIST_RESULTS, EXECUTION_STATUSES, FAILURE_REASONS, ZChecklistItem, ZChecklistSection, ZItemScoring, ZPassMark } from '@faena/domain/checklists/index';
import { ZFormDefinition, ZFormField } from '@faena/domain';
import { z } from 'zod';
import { ZAssetRef } from './assets.ts';
import { ZPageQuery } from './common.ts';

/**
 * Checklists — /api/checklists/v3 (issue 43, decision 026; the shared design is p9-design.md).
 * A checklist is a form definition (fields of the forms engine) cut into sections, with per-field
 * item settings (weight, critical, scoring), a pass mark, who may execute it and where, signatures
 * and supervisors. Every change to a checklist that has executions (drafts included) makes a new
 * version; executions keep the version they answered.
 *
 * Field keys: checklist settings name fields by `String(field.id)` (numbers are accepted on input
 * and answered as texts). Answers are keyed by field NAME, like a form response (with
 * `{name}_skipped: true` for "No aplica"); notes and photos are keyed by field key.
 * Files (photos, signatures) are stored uploads of the document manager (upload ids).
 */
export const CHECKLISTS_BASE = '/api/checklists/v3';

export { CHECKLIST_RESULTS, FAILURE_REASONS };
export const CHECKLIST_EXECUTION_STATUSES = EXECUTION_STATUSES;
export type TChecklistResult = (typeof CHECKLIST_RESULTS)[number];
export type TExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export type TFailureReason = (typeof FAILURE_REASONS)[number];

/** Coded errors of this module (besides field errors `invalid` and the common 403/404). */
export const CHECKLIST_ERROR_CODES = [
  /** Bad scoring configuration: pass mark above the best reachable score, scoring on a field of another type, choice scores naming unknown options. `errors` names the place (`items.<field_id>.scoring`, `pass_mark`). */
  'score-unreachable',
  /** Sections naming unknown fields, a field in two sections or in none. */
  'invalid-sections',
  /** Item settings naming unknown fields, twice. */
  'invalid-items',
  /** A field renamed between versions (a field's name never changes). */
  'field-renamed',
  /** Autosave with a client_revision older than the server's: the body holds the server copy under `execution`. */
  'stale-draft',
  /** Submit, save or upgrade of an execution already submitted (another device did it). */
  'already-submitted',
  /** A signature the checklist asks for is missing (`errors` names `signatures.executor` / `signatures.second`). */
  'signature-required',
  /** Submit of a draft of an old version: upgrade it first. */
  'outdated-draft',
  /** The caller may not execute this checklist (not among its executors). */
  'not-an-executor',
  /** The venue / location is not among the checklist's places. */
  'place-not-allowed',
  /** A corrective action on a field that did not fail. */
  'item-not-failed',
  /** The linked activity occurrence is not one whose content is this checklist, or is already completed. */
  'occurrence-mismatch',
  'archived',
  /** Submit whose answers break the form's rules: `non_field_errors` as the forms module answers. */
  'invalid-answers',
  /** PUT with a base_version older than the current one. */
  'version-conflict',
  /** DELETE of a category that holds checklists (archive it instead). */
  'category-in-use',
  /** A corrective action on a draft. */
  'not-submitted',
  /** The activity occurrence is already completed. */
  'already-completed',
] as const;
export type TChecklistErrorCode = (typeof CHECKLIST_ERROR_CODES)[number];

const id = z.string().min(1).max(100);
const uploadId = z.string().min(1).max(200);
const ZRef = z.object({ id: z.string(), name: z.string() });
const ZPersonRef = z.object({ passport: z.string(), name: z.string() });
const instant = z.string();

/* ------------------------------------------------------------------ categories */

export const ZChecklistCategory = z.object({ id: z.string(), name: z.string(), order: z.number().int(), archived: z.boolean(), checklist_count: z.number().int() }).meta({ id: 'ChecklistCategory' });
export type TChecklistCategory = z.infer<typeof ZChecklistCategory>;
export const ZChecklistCategoryList = z.object({ results: z.array(ZChecklistCategory) });
/** GET /categories/?archived=true also lists archived ones (MANAGE). */
export const ZChecklistCategoryQuery = z.object({ archived: z.enum(['true', 'false']).optional() });
export const ZChecklistCategoryCreate = z.object({ name: z.string().trim().min(1).max(100), order: z.number().int().min(0).max(100_000).optional() });
export type TChecklistCategoryCreate = z.infer<typeof ZChecklistCategoryCreate>;
export const ZChecklistCategoryUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  archived: z.boolean().optional(),
});
export type TChecklistCategoryUpdate = z.infer<typeof ZChecklistCategoryUpdate>;

/* ------------------------------------------------------------------ checklist definition */

export { ZChecklistItem, ZChecklistSection, ZItemScoring as ZChecklistItemScoring, ZPassMark as ZChecklistPassMark };
/** Item settings as answered (field_id always a text). */
export const ZChecklistItemOut = z.object({ field_id: z.string(), weight: z.number(), critical: z.boolean(), scoring: ZItemScoring.nullable() });
export type TChecklistItem = z.infer<typeof ZChecklistItemOut>;
export const ZChecklistSectionOut = z.object({ id: z.string(), title: z.string(), field_ids: z.array(z.string()) });
export type TChecklistSection = z.infer<typeof ZChecklistSectionOut>;

export const ZSignatureConfig = z.object({ executor: z.boolean().default(false), second: z.boolean().default(false) });
export type TSignatureConfig = z.infer<typeof ZSignatureConfig>;

/** POST /checklists/ and PUT /checklists/{id}/ body. Executors all empty = everyone with VIEW_CHECKLISTS; places empty = anywhere. */
export const ZChecklistWrite = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(5000).nullable().optional(),
    category: id,
    sections: z.array(ZChecklistSection).min(1).max(100),
    fields: ZFormDefinition,
    items: z.array(ZChecklistItem).max(1000).default([]),
    pass_mark: ZPassMark.default(null),
    executors: z
      .object({
        persons: z.array(id).max(1000).default([]),
        positions: z.array(id).max(1000).default([]),
        audiences: z.array(id).max(100).default([]),
      })
      .default({ persons: [], positions: [], audiences: [] }),
    places: z.object({ venues: z.array(id).max(1000).default([]), locations: z.array(id).max(1000).default([]) }).default({ venues: [], locations: [] }),
    signatures: ZSignatureConfig.default({ executor: false, second: false }),
    supervisors: z.array(id).max(200).default([]),
    /** PUT only: the version the editor started from; a save over a newer version is refused (409 'version-conflict'). */
    base_version: z.number().int().min(1).optional(),
  })
  .meta({ id: 'ChecklistWrite' });
export type TChecklistWrite = z.input<typeof ZChecklistWrite>;

export const ZChecklistSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    category: ZRef.nullable(),
    version: z.number().int(),
    item_count: z.number().int(),
    pass_mark: z.number().nullable(),
    archived: z.boolean(),
    updated_at: instant,
    can_execute: z.boolean(),
  })
  .meta({ id: 'ChecklistSummary' });
export type TChecklistSummary = z.infer<typeof ZChecklistSummary>;

export const ZChecklistListQuery = ZPageQuery.extend({
  category: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
  /** MANAGE: also archived checklists. */
  archived: z.enum(['true', 'false']).optional(),
});
export type TChecklistListQuery = z.input<typeof ZChecklistListQuery>;

/** The content of one version (what an execution answers). */
export const ZChecklistVersionContent = z.object({
  version: z.number().int(),
  sections: z.array(ZChecklistSectionOut),
  fields: z.array(ZFormField),
  items: z.array(ZChecklistItemOut),
  pass_mark: z.number().nullable(),
  signatures: z.object({ executor: z.boolean(), second: z.boolean() }),
  /** Best reachable score in percent (null: nothing scored). */
  max_score: z.number().nullable(),
});
export type TChecklistVersionContent = z.infer<typeof ZChecklistVersionContent>;

export const ZChecklistDetail = ZChecklistSummary.extend({
  ...ZChecklistVersionContent.shape,
  executors: z.object({ persons: z.array(ZPersonRef), positions: z.array(ZRef), audiences: z.array(ZRef) }),
  places: z.object({ venues: z.array(ZRef), locations: z.array(ZRef) }),
  supervisors: z.array(ZPersonRef),
  created_at: instant,
  /** Executions (drafts included) exist for the current version: the next save makes a new version. */
  has_executions: z.boolean(),
  can_edit: z.boolean(),
}).meta({ id: 'ChecklistDetail' });
export type TChecklistDetail = z.infer<typeof ZChecklistDetail>;

/**
 * GET /checklists/definitions/?ids=a,b,… — the details of up to 100 checklists in one read, only
 * those the caller may execute (the list's read-ahead for offline starts, decision 031).
 */
export const ZChecklistDefinitionsQuery = z.object({
  ids: z
    .string()
    .max(4000)
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).min(1).max(100)),
});
export const ZChecklistDefinitions = z.object({ results: z.array(ZChecklistDetail) }).meta({ id: 'ChecklistDefinitions' });
export type TChecklistDefinitions = z.infer<typeof ZChecklistDefinitions>;

/** GET /checklists/{id}/versions/{n}/ */
export const ZChecklistVersion = ZChecklistVersionContent.extend({ id: z.string(), name: z.string(), description: z.string().nullable(), created_at: instant }).meta({ id: 'ChecklistVersion' });
export type TChecklistVersion = z.infer<typeof ZChecklistVersion>;

/* ------------------------------------------------------------------ executions */

export const ZExecutionStart = z
  .object({
    venue: id.nullable().optional(),
    location: id.nullable().optional(),
    /** The activity occurrence this execution completes (content {content_type:'checklist'}). */
    activity: z
      .object({ public_id: id, recurrenceId: z.string().min(1).max(40) })
      .nullable()
      .optional(),
    /** The asset inspected (assets module, decision 028): each failed item opens a corrective maintenance of it. */
    asset: id.nullable().optional(),
  })
  .meta({ id: 'ExecutionStart' });
export type TExecutionStart = z.infer<typeof ZExecutionStart>;

const ZNotes = z.record(z.string().max(100), z.string().max(5000));
const ZPhotos = z.record(z.string().max(100), z.array(uploadId).max(20));

/** PATCH /executions/{id}/ — autosave: answers merged key by key (null clears), notes / photos per field key replaced. */
export const ZExecutionSave = z
  .object({
    answers: z.record(z.string().max(120), z.unknown()).optional(),
    notes: ZNotes.optional(),
    photos: ZPhotos.optional(),
    current_section: z.string().max(100).nullable().optional(),
    /** The revision the client last saw (0 for a new draft); the server answers the next one. */
    client_revision: z.number().int().min(0),
  })
  .meta({ id: 'ExecutionSave' });
export type TExecutionSave = z.infer<typeof ZExecutionSave>;

export const ZExecutionSubmit = z
  .object({
    answers: z.record(z.string().max(120), z.unknown()).optional(),
    notes: ZNotes.optional(),
    photos: ZPhotos.optional(),
    signatures: z
      .object({
        executor: uploadId.nullable().optional(),
        second: z
          .object({ file: uploadId, name: z.string().trim().min(1).max(200) })
          .nullable()
          .optional(),
      })
      .default({}),
  })
  .meta({ id: 'ExecutionSubmit' });
export type TExecutionSubmit = z.input<typeof ZExecutionSubmit>;

export const ZChecklistFile = z.object({ id: z.string(), name: z.string(), size: z.number().int(), content_type: z.string(), url: z.string() }).meta({ id: 'ChecklistFile' });
export type TChecklistFile = z.infer<typeof ZChecklistFile>;

export const ZFailedItem = z.object({ field_id: z.string(), reason: z.enum(FAILURE_REASONS), critical: z.boolean() });
export type TFailedItem = z.infer<typeof ZFailedItem>;
export const ZSectionScore = z.object({ section_id: z.string(), title: z.string(), score: z.number().nullable(), answered: z.number().int(), failed_count: z.number().int() });
export type TSectionScore = z.infer<typeof ZSectionScore>;

export const ZCorrectiveAction = z
  .object({
    id: z.string(),
    field_id: z.string(),
    public_id: z.string(),
    recurrenceId: z.string(),
    title: z.string(),
    responsible: ZPersonRef.nullable(),
    due: instant,
    /** The occurrence's display status (activities): pending, completed, expired, ... */
    status: z.string(),
    created_at: instant,
  })
  .meta({ id: 'CorrectiveAction' });
export type TCorrectiveAction = z.infer<typeof ZCorrectiveAction>;

/** A corrective maintenance of the inspected asset, opened by a failed item on submit (assets module). */
export const ZInspectionMaintenance = z
  .object({ id: z.string(), field_id: z.string(), title: z.string(), status: z.string(), asset: ZAssetRef, started_at: instant })
  .meta({ id: 'InspectionMaintenance' });
export type TInspectionMaintenance = z.infer<typeof ZInspectionMaintenance>;

export const ZExecutionSummary = z
  .object({
    id: z.string(),
    checklist: z.object({ id: z.string(), name: z.string(), version: z.number().int() }),
    category: ZRef.nullable(),
    venue: ZRef.nullable(),
    location: ZRef.nullable(),
    executed_by: ZPersonRef.nullable(),
    started_at: instant,
    submitted_at: instant.nullable(),
    status: z.enum(EXECUTION_STATUSES),
    score: z.number().nullable(),
    result: z.enum(CHECKLIST_RESULTS).nullable(),
    failed_count: z.number().int(),
    critical_failed: z.boolean(),
    actions_open: z.number().int(),
  })
  .meta({ id: 'ExecutionSummary' });
export type TExecutionSummary = z.infer<typeof ZExecutionSummary>;

export const ZExecution = ZExecutionSummary.extend({
  version: z.number().int(),
  definition: ZChecklistVersionContent,
  answers: z.record(z.string(), z.unknown()),
  notes: z.record(z.string(), z.string()),
  photos: z.record(z.string(), z.array(ZChecklistFile)),
  current_section: z.string().nullable(),
  client_revision: z.number().int(),
  updated_at: instant,
  signatures: z.object({ executor: ZChecklistFile.nullable(), second: z.object({ file: ZChecklistFile, name: z.string() }).nullable() }),
  section_scores: z.array(ZSectionScore),
  failed_items: z.array(ZFailedItem),
  actions: z.array(ZCorrectiveAction),
  activity: z.object({ public_id: z.string(), recurrenceId: z.string() }).nullable(),
  /** A draft of a version older than the checklist's current one. */
  outdated: z.boolean(),
  latest_version: z.number().int(),
  /** The caller may raise corrective actions (MANAGE or the executor, once submitted). */
  can_act: z.boolean(),
  /** The asset it was executed at (decision 028), and the corrective maintenances its failed items opened. */
  asset: ZAssetRef.nullable().optional(),
  asset_maintenances: z.array(ZInspectionMaintenance).optional(),
}).meta({ id: 'Execution' });
export type TExecution = z.infer<typeof ZExecution>;

/** 409 stale-draft body: the server's copy. */
export const ZStaleDraft = z.object({ code: z.literal('stale-draft'), detail: z.string().optional(), execution: ZExecution });

export const ZExecutionUpgrade = z.object({ execution: ZExecution, dropped: z.array(z.string()) }).meta({ id: 'ExecutionUpgrade' });
export type TExecutionUpgrade = z.infer<typeof ZExecutionUpgrade>;

const booleanText = z.enum(['true', 'false']).optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
  .refine((text) => {
    const ms = Date.parse(`${text}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text && text >= '1900-01-01';
  }, 'Expected a real date YYYY-MM-DD');

/** Filters of the executions list and of its export. from/to are days (inclusive), in the tenant's time zone. */
export const ZExecutionFilters = z.object({
  checklist: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  venue: z.string().max(100).optional(),
  person: z.string().max(100).optional(),
  from: day.optional(),
  to: day.optional(),
  result: z.enum(CHECKLIST_RESULTS).optional(),
  has_failed: booleanText,
  status: z.enum(EXECUTION_STATUSES).optional(),
  /** Executions at this asset (its inspections). */
  asset: z.string().max(100).optional(),
  /** MANAGE: 'true' restricts to the caller's own executions (VIEW always sees only theirs). */
  mine: booleanText,
});
export type TExecutionFilters = z.infer<typeof ZExecutionFilters>;
export const ZExecutionListQuery = ZPageQuery.extend(ZExecutionFilters.shape);
export type TExecutionListQuery = z.input<typeof ZExecutionListQuery>;

/** Most addresses one report e-mail goes to (people of the directory and typed addresses together). */
export const REPORT_MAIL_MAX_RECIPIENTS = 10;
/** The longest message above a mailed report. */
export const REPORT_MAIL_MESSAGE_MAX = 2000;

/** POST /executions/{id}/report-mail/ — the execution's PDF report sent by e-mail, as an attachment. */
export const ZReportMailRequest = z
  .object({
    /** People of the directory, by passport: the report goes to their e-mail. */
    people: z.array(z.string().min(1).max(100)).max(REPORT_MAIL_MAX_RECIPIENTS).default([]),
    /** Typed addresses. */
    emails: z.array(z.email().max(254)).max(REPORT_MAIL_MAX_RECIPIENTS).default([]),
    /** An optional message above the report's summary. */
    message: z.string().trim().max(REPORT_MAIL_MESSAGE_MAX).optional(),
  })
  .meta({ id: 'ReportMailRequest' });
export type TReportMailRequest = z.input<typeof ZReportMailRequest>;
export const ZReportMailSent = z
  .object({ id: z.string(), recipients: z.array(z.string()), file_name: z.string(), sent_at: instant, delivery: z.enum(['smtp', 'outbox']) })
  .meta({ id: 'ReportMailSent' });
export type TReportMailSent = z.infer<typeof ZReportMailSent>;

export const ZCorrectiveActionCreate = z
  .object({
    field_id: z.union([z.string().min(1).max(100), z.number().int()]).transform((value) => String(value)),
    title: z.string().trim().min(1).max(200),
    responsible: id,
    due: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, 'Expected a wall time YYYY-MM-DDTHH:mm'),
    timezone: z.string().min(1).max(64).optional(),
    description: z.string().max(5000).nullable().optional(),
  })
  .meta({ id: 'CorrectiveActionCreate' });
export type TCorrectiveActionCreate = z.input<typeof ZCorrectiveActionCreate>;

/* ------------------------------------------------------------------ exports */

export const CHECKLIST_EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export const ZExecutionExportRequest = z.object({ format: z.enum(['csv', 'xlsx']), filters: ZExecutionFilters.default({}) }).meta({ id: 'ExecutionExportRequest' });
export type TExecutionExportRequest = z.input<typeof ZExecutionExportRequest>;
export const ZExecutionExport = z
  .object({
    id: z.string(),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(CHECKLIST_EXPORT_STATUSES),
    percent: z.number().int(),
    rows: z.number().int(),
    file_name: z.string(),
    download_url: z.string().nullable(),
    error: z.string().nullable(),
    created_at: instant,
    finished_at: instant.nullable(),
    /** Until when the file can be downloaded (a DONE export; 7 days after it finished), or when it was deleted (EXPIRED); null while it is not finished. */
    expires_at: instant.nullable(),
  })
  .meta({ id: 'ExecutionExport' });
export type TExecutionExport = z.infer<typeof ZExecutionExport>;

/* ------------------------------------------------------------------ numbers */

export const STATS_BUCKETS = ['day', 'week', 'month'] as const;
export const ZChecklistStatsQuery = z.object({ venue: z.string().max(100).optional(), from: day.optional(), to: day.optional(), bucket: z.enum(STATS_BUCKETS).default('day') });
export type TChecklistStatsQuery = z.input<typeof ZChecklistStatsQuery>;
export const ZChecklistStatsPoint = z.object({
  /** The bucket's first day, YYYY-MM-DD. */
  bucket: z.string(),
  executions: z.number().int(),
  /** Submitted executions of scheduled occurrences / occurrences scheduled in the bucket (null: nothing scheduled). */
  completion_rate: z.number().nullable(),
  scheduled: z.number().int(),
  average_score: z.number().nullable(),
});
export type TChecklistStatsPoint = z.infer<typeof ZChecklistStatsPoint>;
export const ZChecklistStats = z.object({ results: z.array(ZChecklistStatsPoint) }).meta({ id: 'ChecklistStats' });
export type TChecklistStats = z.infer<typeof ZChecklistStats>;

/* ------------------------------------------------------------------ schedules */

/**
 * POST /checklists/{id}/schedules/ (MANAGE): the checklist as the content of recurring activities,
 * one series per chosen venue ("Apertura de tienda, todos los días 08:00, cada sede"). Each
 * occurrence is completed by submitting an execution started from it; a missed one shows expired.
 */
export const ZChecklistScheduleCreate = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    start: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, 'Expected a wall time YYYY-MM-DDTHH:mm'),
    timezone: z.string().min(1).max(64).optional(),
    duration_minutes: z.number().int().min(0).max(10_080).default(60),
    rrule: z.string().max(500).nullable().optional(),
    /** One series per venue; empty = one series with no venue. */
    venues: z.array(id).max(500).default([]),
    responsibles: z.array(id).max(500).default([]),
    audience: id.nullable().optional(),
    reminders: z.array(z.number().int().min(0).max(10_080)).max(5).optional(),
  })
  .meta({ id: 'ChecklistScheduleCreate' });
export type TChecklistScheduleCreate = z.input<typeof ZChecklistScheduleCreate>;
export const ZChecklistSchedule = z
  .object({ public_id: z.string(), title: z.string(), venue: ZRef.nullable(), start: z.string(), timezone: z.string(), rrule: z.string().nullable(), duration_minutes: z.number().int() })
  .meta({ id: 'ChecklistSchedule' });
export type TChecklistSchedule = z.infer<typeof ZChecklistSchedule>;
export const ZChecklistScheduleList = z.object({ results: z.array(ZChecklistSchedule) });
