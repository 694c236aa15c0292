import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/** Spec forms §4. */
export const IMPORT_STATUSES = ['PENDING', 'VALIDATING', 'VALIDATION_FAILED', 'VALIDATION_OK', 'APPLYING', 'APPLY_OK', 'APPLY_FAILED'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_OPERATIONS = ['ADD', 'UPDATE', 'DELETE', 'UNDELETE', 'NO_CHANGE', 'ERROR'] as const;
export type TImportOperation = (typeof IMPORT_OPERATIONS)[number];
/** Spec forms §8 "Import job error_code". */
export const IMPORT_FILE_ERRORS = ['FILE_NOT_REACHABLE', 'FILE_TYPE_NOT_SUPPORTED', 'FILE_WITHOUT_REQUIRED_HEADERS', 'FILE_WITH_ERROR_IN_ROWS', 'UNHANDLED_ERROR'] as const;
export type TImportFileError = (typeof IMPORT_FILE_ERRORS)[number];

const ZCounts = z.object(Object.fromEntries(IMPORT_OPERATIONS.map((op) => [op, z.number().int()])) as Record<TImportOperation, z.ZodNumber>);

/** Spec forms §3 "Bulk-import job", plus kind, mode, file name, progress and counts. */
export const ZImportJob = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    mode: z.enum(['upsert', 'replace']),
    file_uid: z.string(),
    file_name: z.string().nullable(),
    /** The file's header cell of each column it brought, as written (column name → header; empty until validation reads the header): rows' `error_column` and `changes` name columns, the preview shows them as the file does. */
    file_columns: z.record(z.string(), z.string()),
    data_source: z.string().nullable(),
    status: z.enum(IMPORT_STATUSES),
    applied_at: z.string().nullable(),
    /** When retention removed the row-by-row preview of this finished job (its counts stay), or null. */
    rows_purged_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
    fail_description: z.string().nullable(),
    error_code: z.enum(IMPORT_FILE_ERRORS).nullable(),
    error_message: z.string().nullable(),
    progress: z.object({ phase: z.string(), percent: z.number().int(), rows: z.number().int() }),
    counts: ZCounts,
    created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ImportJob' });
export type TImportJob = z.infer<typeof ZImportJob>;

/** Spec forms §3 "Import row", plus the sheet row, the column at fault and the error's text. */
export const ZImportRow = z
  .object({
    id: z.number().int(),
    row: z.number().int().nullable(),
    key: z.string(),
    label: z.string(),
    applied_at: z.string().nullable(),
    operation: z.enum(IMPORT_OPERATIONS),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    error_column: z.string().nullable(),
    /** Every problem of the row, the first being `error_code` (empty without any): a file is mended in one pass. `value` is the cell's offending value where it helps to find it (the unknown position of a list). */
    errors: z.array(z.object({ code: z.string(), message: z.string().nullable(), column: z.string().nullable(), value: z.string().nullable() })),
    /** What an UPDATE or UNDELETE would change: the file's columns whose values differ from the stored ones (null where the importer does not tell). */
    changes: z.array(z.string()).nullable(),
  })
  .meta({ id: 'ImportRow' });
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZCreateImportRequest = z.object({ upload_id: z.string().min(1).max(100), mode: z.enum(['upsert', 'replace']).optional() });
/**
 * Which family an import job belongs to, for a link to it from elsewhere (the notification that
 * its validation or apply ended carries only the job's id): the kind (`people`, `positions`, a
 * catalogue, `data-source-rows`) and, for data sources, the source's id.
 */
export const ZImportJobRef = z.object({ id: z.number().int(), kind: z.string(), data_source: z.string().nullable(), status: z.enum(IMPORT_STATUSES) }).meta({ id: 'ImportJobRef' });
export type TImportJobRef = z.infer<typeof ZImportJobRef>;

/** `search`: rows whose name or key contains it (without case or accents), or the sheet's row of that number. */
export const ZImportRowsQuery = ZPageQuery.extend({ operation: z.enum(IMPORT_OPERATIONS).optional(), search: z.string().max(200).optional() });

export const ZImportKinds = z
  .object({
    kinds: z.array(
      z.object({
        kind: z.string(),
        modes: z.array(z.enum(['upsert', 'replace'])),
        default_mode: z.enum(['upsert', 'replace']),
        /** The family offers its current records as a file in these columns (`{family}/current.csv`). */
        has_current: z.boolean(),
        /** `name` is the canonical (English) header, `header_es` the one Spanish files write; both are accepted, as are the aliases. */
        columns: z.array(z.object({ name: z.string(), header_es: z.string(), aliases: z.array(z.string()), required: z.boolean(), description: z.string(), description_es: z.string() })),
      }),
    ),
    error_codes: z.record(z.string(), z.string()),
    /** What one file may be: its bytes, and its data rows (this server's IMPORT_MAX_ROWS); a larger file is refused or fails whole. */
    limits: z.object({ max_bytes: z.number().int(), max_rows: z.number().int() }),
  })
  .meta({ id: 'ImportKinds' });

// ------------------------------------------------------------------------------------------
// Data sources (key/label catalogues of data_source form fields)

/** How a source's rows are listed, in its screens and in form pickers: by label, or in an order people set (decision 018). */
export const DATA_SOURCE_ROW_ORDERS = ['label', 'manual'] as const;
export type TDataSourceRowOrder = (typeof DATA_SOURCE_ROW_ORDERS)[number];
export const ZDataSource = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    row_order: z.enum(DATA_SOURCE_ROW_ORDERS),
    rows_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DataSource' });
export type TDataSource = z.infer<typeof ZDataSource>;
export const ZCreateDataSourceRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  row_order: z.enum(DATA_SOURCE_ROW_ORDERS).optional(),
});
export const ZUpdateDataSourceRequest = ZCreateDataSourceRequest.partial().extend({ is_active: z.boolean().optional() });
export const ZDataSourceListQuery = ZPageQuery.extend({ search: z.string().max(200).optional(), is_active: z.enum(['true', 'false', 'all']).default('true') });

/** Spec forms §3 "Key/label row". */
/** The forms whose latest version has a data_source field reading this source (what deleting it would leave without options). */
export const ZDataSourceUsage = z.object({ forms: z.array(z.object({ id: z.string(), name: z.string() })) }).meta({ id: 'DataSourceUsage' });
export type TDataSourceUsage = z.infer<typeof ZDataSourceUsage>;

export const ZDataSourceRow = z.object({ id: z.string(), key: z.string(), label: z.string(), is_active: z.boolean() }).meta({ id: 'DataSourceRow' });
export type TDataSourceRow = z.infer<typeof ZDataSourceRow>;
export const ZCreateDataSourceRowRequest = z.object({ key: z.string().trim().min(1).max(200), label: z.string().trim().min(1).max(500) });
export const ZUpdateDataSourceRowRequest = ZCreateDataSourceRowRequest.partial().extend({ is_active: z.boolean().optional() });
/** Moves a row of a manually ordered source one place up or down, or to the top or the bottom, among its active rows. */
export const DATA_SOURCE_ROW_MOVES = ['up', 'down', 'first', 'last'] as const;
export type TDataSourceRowMove = (typeof DATA_SOURCE_ROW_MOVES)[number];
export const ZMoveDataSourceRowRequest = z.object({ to: z.enum(DATA_SOURCE_ROW_MOVES) });
/**
 * `key` (repeated, at most 100) names rows back by their exact keys — an answer's labels; keys may
 * hold commas, so they are not comma-joined.
 */
export const ZDataSourceRowsQuery = ZPageQuery.extend({
  search: z.string().max(200).optional(),
  is_active: z.enum(['true', 'false', 'all']).default('true'),
  key: z
    .union([z.string().max(200), z.array(z.string().max(200)).max(100)])
    .optional()
    .transform((value) => (value === undefined ? undefined : typeof value === 'string' ? [value] : value)),
});

/** The language of a file the server writes for people to edit (its header row): Spanish, the product's first, unless asked. */
export const ZFileLanguage = z.enum(['es', 'en']).meta({ id: 'FileLanguage' });
export type TFileLanguage = z.infer<typeof ZFileLanguage>;
