import { DISPLAY_STATUSES } from '@faena/domain';
import { z } from 'zod';
import { ZNamedRef, ZPersonRef, ZWallTime } from './activities.ts';
import { ZPageQuery } from './common.ts';

/**
 * Assets — /api/asset-manager/v3 (API.md §Assets; design in /work/briefs/p14-design.md and
 * decision 028). Every route sits behind the tenant's asset module (disabled → 404
 * `module-disabled`, as every omitted module answers) and the `assets` feature flag (off → 403
 * `operation-not-allowed` with `flag`); categories and types are written behind `asset_admin` too.
 * VIEW_ASSETS reads, MANAGE_ASSETS writes assets and maintenance, ADMIN_ASSETS categories and types.
 */
export const ASSETS_BASE = '/api/asset-manager/v3';

export const ASSET_CODE_MAX = 64;
/** A code: letters, digits and - _ . / (what a barcode carries and a person types). */
export const ASSET_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const ASSET_NAME_MAX = 200;
export const ASSET_TEXT_MAX = 10_000;
export const ASSET_PHOTOS_MAX = 20;
export const ASSET_DOCUMENTS_MAX = 50;
export const ASSET_RELATED_MAX = 100;
/** A label sheet holds at most this many assets (more → 400 `too-many-labels`). */
export const LABELS_MAX = 5000;
export const MONEY_MAX = 1_000_000_000_000;

/** The exact text of an unknown code (spec shell §8, API.md §Assets). */
export const assetNotFoundDetail = (code: string): string => `Could not find an asset with the code ${code}`;

export const MAINTENANCE_STATUSES = ['ok', 'maintenance_needed'] as const;
export type TMaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
/** Why an asset needs maintenance: an open corrective maintenance, or an overdue preventive occurrence. */
export const STATUS_REASON_CODES = ['corrective_open', 'preventive_overdue'] as const;
export const MAINTENANCE_KINDS = ['corrective', 'preventive'] as const;
export type TMaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
/**
 * A maintenance's state: a workflow execution's (InProcess, Success, Error), or for a record of the
 * assets module (no workflow type configured) open until it is completed (Success) or cancelled (Error).
 */
export const MAINTENANCE_STATES = ['InProcess', 'Success', 'Error'] as const;
export const LABEL_KINDS = ['qr', 'barcode', 'datamatrix'] as const;
/** Label stock: Avery 5160 (Letter 3×10), Avery L7160 (A4 3×7), 50×25 mm and 100×50 mm rolls (one label a page). */
export const LABEL_SIZES = ['avery-5160', 'avery-l7160', '50x25', '100x50'] as const;
export const ASSET_ORDERINGS = ['code', '-code', 'name', '-name', 'created_at', '-created_at', 'last_maintenance_at', '-last_maintenance_at', 'maintenance_status', '-maintenance_status'] as const;
export const ASSET_EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;

const id = z.string().min(1).max(100);
const HEX = /^#[0-9a-fA-F]{6}$/;
const ICON = /^[a-z0-9-]{1,60}$/;
/** The largest meter reading (a horómetro or odometer never gets near it). */
export const METER_MAX = 1e12;
const money = z.number().min(0).max(MONEY_MAX);
/** A real day (2026-02-31 is refused here, not by the database's date column) from 1900 on. */
export const ZIsoDate = z.iso.date('Expected a date YYYY-MM-DD').refine((day) => day >= '1900-01-01', 'Expected a date from 1900 on');

export const ZAssetIdParams = z.object({ id: z.string() });
export const ZAssetCodeParams = z.object({ code: z.string() });
export const ZLabelTokenParams = z.object({ token: z.string() });

// ------------------------------------------------------------------------------------------
// Categories (ADMIN_ASSETS writes; VIEW_ASSETS reads)

export const ZAssetCategory = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    type_count: z.number().int(),
    asset_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetCategory' });
export type TAssetCategory = z.infer<typeof ZAssetCategory>;

export const ZAssetCategoryWrite = z.object({ name: z.string().trim().min(1).max(ASSET_NAME_MAX), description: z.string().max(ASSET_TEXT_MAX).default('') }).meta({ id: 'AssetCategoryWrite' });
export type TAssetCategoryWrite = z.input<typeof ZAssetCategoryWrite>;
export const ZAssetCategoryUpdate = z
  .object({ name: z.string().trim().min(1).max(ASSET_NAME_MAX), description: z.string().max(ASSET_TEXT_MAX) })
  .partial()
  .meta({ id: 'AssetCategoryUpdate' });
export type TAssetCategoryUpdate = z.input<typeof ZAssetCategoryUpdate>;
export const ZAssetCategoryList = z.object({ results: z.array(ZAssetCategory) });

// ------------------------------------------------------------------------------------------
// Types (ADMIN_ASSETS writes; VIEW_ASSETS reads). DELETE of a type with assets → 409 `in-use`;
// of a category with types → 409 `in-use`.

export const ZAssetType = z
  .object({
    id: z.string(),
    name: z.string(),
    category: ZNamedRef,
    /** A Tabler icon name, e.g. "fridge", "forklift". */
    icon: z.string(),
    /** "#rrggbb". */
    color: z.string(),
    /** The form (forms engine) whose fields are the type's extra fields; null = none. */
    form_id: z.string().nullable(),
    /** Workflow types (workflows module) that are this type's maintenances. */
    maintenance_workflow_types: z.array(ZNamedRef),
    /** The workflow type a problem report or a failed inspection starts; null = a maintenance record of the assets module. */
    corrective_workflow_type: ZNamedRef.nullable(),
    asset_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetType' });
export type TAssetType = z.infer<typeof ZAssetType>;

const typeFields = {
  name: z.string().trim().min(1).max(ASSET_NAME_MAX),
  /** The category's id. */
  category: id,
  icon: z.string().regex(ICON, 'Expected a Tabler icon name').default('box'),
  color: z.string().regex(HEX, 'Expected a colour #rrggbb').default('#228be6'),
  form_id: id.nullable().default(null),
  maintenance_workflow_types: z.array(id).max(50).default([]),
  corrective_workflow_type: id.nullable().default(null),
};
export const ZAssetTypeWrite = z.object(typeFields).meta({ id: 'AssetTypeWrite' });
export type TAssetTypeWrite = z.input<typeof ZAssetTypeWrite>;
export const ZAssetTypeUpdate = z
  .object({
    name: typeFields.name,
    category: typeFields.category,
    icon: z.string().regex(ICON, 'Expected a Tabler icon name'),
    color: z.string().regex(HEX, 'Expected a colour #rrggbb'),
    form_id: id.nullable(),
    maintenance_workflow_types: z.array(id).max(50),
    corrective_workflow_type: id.nullable(),
  })
  .partial()
  .meta({ id: 'AssetTypeUpdate' });
export type TAssetTypeUpdate = z.input<typeof ZAssetTypeUpdate>;
export const ZAssetTypeQuery = z.object({ category: z.string().max(100).optional(), search: z.string().trim().max(200).optional() });
export const ZAssetTypeList = z.object({ results: z.array(ZAssetType) });

// ------------------------------------------------------------------------------------------
// Assets

export const ZAssetFile = z.object({ id: z.string(), name: z.string(), size: z.number().int(), content_type: z.string(), url: z.string() }).meta({ id: 'AssetFile' });
export type TAssetFile = z.infer<typeof ZAssetFile>;
export const ZAssetRef = z.object({ id: z.string(), code: z.string(), name: z.string() }).meta({ id: 'AssetRef' });
export type TAssetRef = z.infer<typeof ZAssetRef>;
export const ZAssetTypeRef = z.object({ id: z.string(), name: z.string(), icon: z.string(), color: z.string() });
export const ZGps = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type TGps = z.infer<typeof ZGps>;

export const ZStatusReason = z.object({
  code: z.enum(STATUS_REASON_CODES),
  /** Since when: the corrective maintenance's start, or the overdue occurrence's due time. */
  since: z.string(),
  /** The open corrective maintenance (corrective_open). */
  maintenance_id: z.string().nullable(),
  /** The preventive plan whose occurrence is overdue (preventive_overdue). */
  plan_id: z.string().nullable(),
  /** The overdue occurrence's recurrence id (preventive_overdue). */
  recurrence_id: z.string().nullable(),
});
export type TStatusReason = z.infer<typeof ZStatusReason>;

export const ZAssetSummary = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    manufacturer: z.string(),
    model: z.string(),
    type: ZAssetTypeRef,
    category: ZNamedRef,
    venue: ZNamedRef.nullable(),
    location: ZNamedRef.nullable(),
    responsible: ZPersonRef.nullable(),
    maintenance_status: z.enum(MAINTENANCE_STATUSES),
    status_reason: ZStatusReason.nullable(),
    last_maintenance_at: z.string().nullable(),
    /** The first photo of the gallery, for a thumbnail. */
    photo: ZAssetFile.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AssetSummary' });
export type TAssetSummary = z.infer<typeof ZAssetSummary>;

export const ZAsset = ZAssetSummary.extend({
  description: z.string(),
  parent: ZAssetRef.nullable(),
  children: z.array(ZAssetRef),
  related: z.array(ZAssetRef),
  purchase_date: z.string().nullable(),
  purchase_cost: z.number().nullable(),
  useful_life_years: z.number().int().nullable(),
  salvage_value: z.number().nullable(),
  gps: ZGps.nullable(),
  /** Answers to the type's form (its extra fields), keyed by field id. */
  extra: z.record(z.string(), z.unknown()),
  photos: z.array(ZAssetFile),
  documents: z.array(ZAssetFile),
  /** The label's public address (https://<tenant host>/public/assets/{label_token}): anyone may report a problem there. */
  label_token: z.string(),
  public_url: z.string(),
  /** The caller may edit it and start maintenances (MANAGE_ASSETS). */
  can_manage: z.boolean(),
}).meta({ id: 'Asset' });
export type TAsset = z.infer<typeof ZAsset>;

const assetFields = {
  code: z.string().trim().min(1).max(ASSET_CODE_MAX).regex(ASSET_CODE_PATTERN, 'Letters, digits and . _ / - only'),
  name: z.string().trim().min(1).max(ASSET_NAME_MAX),
  manufacturer: z.string().trim().max(ASSET_NAME_MAX),
  model: z.string().trim().max(ASSET_NAME_MAX),
  /** The asset type's id. */
  type: id,
  /** A venue's id (directory catalogues). */
  venue: id.nullable(),
  /** A location's id (of the venue). */
  location: id.nullable(),
  /** A person's passport. */
  responsible: id.nullable(),
  /** The parent asset's id (associated elements). */
  parent: id.nullable(),
  related: z.array(id).max(ASSET_RELATED_MAX),
  description: z.string().max(ASSET_TEXT_MAX),
  purchase_date: ZIsoDate.nullable(),
  purchase_cost: money.nullable(),
  useful_life_years: z.number().int().min(1).max(100).nullable(),
  salvage_value: money.nullable(),
  gps: ZGps.nullable(),
  /** Answers to the type's form, keyed by field id (validated by the forms engine). */
  extra: z.record(z.string(), z.unknown()),
  /** Upload ids (files module); each must be an image. */
  photos: z.array(id).max(ASSET_PHOTOS_MAX),
  /** Upload ids (files module). */
  documents: z.array(id).max(ASSET_DOCUMENTS_MAX),
};

export const ZAssetWrite = z
  .object({
    ...assetFields,
    manufacturer: assetFields.manufacturer.default(''),
    model: assetFields.model.default(''),
    venue: assetFields.venue.default(null),
    location: assetFields.location.default(null),
    responsible: assetFields.responsible.default(null),
    parent: assetFields.parent.default(null),
    related: assetFields.related.default([]),
    description: assetFields.description.default(''),
    purchase_date: assetFields.purchase_date.default(null),
    purchase_cost: assetFields.purchase_cost.default(null),
    useful_life_years: assetFields.useful_life_years.default(null),
    salvage_value: assetFields.salvage_value.default(null),
    gps: assetFields.gps.default(null),
    extra: assetFields.extra.default({}),
    photos: assetFields.photos.default([]),
    documents: assetFields.documents.default([]),
  })
  .meta({ id: 'AssetWrite' });
export type TAssetWrite = z.input<typeof ZAssetWrite>;
/** An edit: only the fields given change. */
export const ZAssetUpdate = z.object(assetFields).partial().meta({ id: 'AssetUpdate' });
export type TAssetUpdate = z.input<typeof ZAssetUpdate>;

/** The list's filters (also a label sheet's and an export's). */
export const ZAssetFilters = z.object({
  /** Code, name, manufacturer or model contains it (case-insensitive). */
  search: z.string().trim().max(200).optional(),
  type: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  venue: z.string().max(100).optional(),
  status: z.enum(MAINTENANCE_STATUSES).optional(),
  /** A passport. */
  responsible: z.string().max(100).optional(),
  /** Children of this asset. */
  parent: z.string().max(100).optional(),
});
export type TAssetFilters = z.infer<typeof ZAssetFilters>;
export const ZAssetListQuery = ZPageQuery.extend({ ...ZAssetFilters.shape, ordering: z.enum(ASSET_ORDERINGS).default('code') });
export type TAssetListQuery = z.input<typeof ZAssetListQuery>;

export const ZAssetOverview = z
  .object({
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.enum(MAINTENANCE_STATUSES), count: z.number().int() })),
    by_type: z.array(z.object({ id: z.string(), name: z.string(), color: z.string(), icon: z.string(), count: z.number().int() })),
    by_category: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
    /** id null = assets with no venue. */
    by_venue: z.array(z.object({ id: z.string().nullable(), name: z.string().nullable(), count: z.number().int() })),
  })
  .meta({ id: 'AssetOverview' });
export type TAssetOverview = z.infer<typeof ZAssetOverview>;

// ------------------------------------------------------------------------------------------
// Export (a background job, like the directory's): POST /assets/export/ → 202; GET /assets/exports/,
// GET /assets/exports/{id}/, GET /assets/exports/{id}/download

export const ZAssetExport = z
  .object({
    id: z.string(),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(ASSET_EXPORT_STATUSES),
    percent: z.number().int(),
    rows: z.number().int(),
    file_name: z.string(),
    download_url: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'AssetExport' });
export type TAssetExport = z.infer<typeof ZAssetExport>;
export const ZAssetExportRequest = z.object({ format: z.enum(['csv', 'xlsx']).default('csv'), filters: ZAssetFilters.default({}) }).meta({ id: 'AssetExportRequest' });
export type TAssetExportRequest = z.input<typeof ZAssetExportRequest>;

// ------------------------------------------------------------------------------------------
// Scans: POST /assets/scans/ {code} → 200 the asset (recorded in the caller's history) or 404
// asset-not-found; GET /assets/scans/ → the caller's history, newest first.

export const ZScanRequest = z.object({ code: z.string().trim().min(1).max(500) }).meta({ id: 'AssetScanRequest' });
export const ZAssetScan = z.object({ id: z.string(), code: z.string(), scanned_at: z.string(), asset: ZAssetSummary.nullable() }).meta({ id: 'AssetScan' });
export type TAssetScan = z.infer<typeof ZAssetScan>;

// ------------------------------------------------------------------------------------------
// Labels: POST /labels/ → application/pdf (streamed). Either asset_ids or filters (all matching).

export const ZLabelRequest = z
  .object({
    asset_ids: z
      .array(id)
      .max(LABELS_MAX + 1)
      .optional(),
    filters: ZAssetFilters.optional(),
    kind: z.enum(LABEL_KINDS).default('qr'),
    size: z.enum(LABEL_SIZES).default('avery-5160'),
  })
  .meta({ id: 'LabelRequest' });
export type TLabelRequest = z.input<typeof ZLabelRequest>;
/** More assets than this make their sheet in a background job (POST /labels/jobs/); the direct PDF refuses them (400 labels-use-job). */
export const LABELS_DIRECT_MAX = 1000;
/** A label sheet made in the background: progress, then its PDF. */
export const ZLabelJob = z
  .object({
    id: z.string(),
    kind: z.enum(LABEL_KINDS),
    size: z.enum(LABEL_SIZES),
    status: z.enum(['PENDING', 'RUNNING', 'DONE', 'FAILED']),
    percent: z.number().int(),
    labels: z.number().int(),
    file_name: z.string(),
    download_url: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'AssetLabelJob' });
export type TLabelJob = z.infer<typeof ZLabelJob>;

// ------------------------------------------------------------------------------------------
// Public label page (no sign-in, rate-limited per address and asset; 429 with Retry-After)

export const ZPublicAsset = z.object({ name: z.string(), code: z.string(), tenant_name: z.string() }).meta({ id: 'PublicAsset' });
export type TPublicAsset = z.infer<typeof ZPublicAsset>;
export const PUBLIC_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const ZPublicReportWrite = z
  .object({
    description: z.string().trim().min(1).max(5000),
    reporter_name: z.string().trim().max(200).optional(),
    /** An e-mail or a phone number to call back. */
    contact: z.string().trim().max(200).optional(),
    /** A photo as a data URL (data:image/jpeg;base64,…), at most PUBLIC_PHOTO_MAX_BYTES once decoded; not an image → 400. */
    photo: z
      .string()
      .max(Math.ceil((PUBLIC_PHOTO_MAX_BYTES * 4) / 3) + 100)
      .optional(),
  })
  .meta({ id: 'PublicReportWrite' });
export type TPublicReportWrite = z.input<typeof ZPublicReportWrite>;
export const ZPublicReportResult = z.object({ id: z.string() }).meta({ id: 'PublicReportResult' });

// ------------------------------------------------------------------------------------------
// Maintenance

export const ZMaintenance = z
  .object({
    id: z.string(),
    asset: ZAssetRef,
    kind: z.enum(MAINTENANCE_KINDS),
    status: z.enum(MAINTENANCE_STATES),
    /** The workflow type it executes; null = a maintenance record of the assets module. */
    workflow_type: ZNamedRef.nullable(),
    /** The workflow execution's id (workflows module); null for a record. */
    execution_id: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    /** What it cost (from the execution's `cost` variable, or given when a record is completed). */
    cost: z.number().nullable(),
    /** Where it came from: a person, a public problem report, a preventive plan. */
    source: z.enum(['manual', 'public_report', 'plan', 'inspection']),
    plan: ZNamedRef.nullable(),
    /** The checklist execution and failed item that opened it (source inspection). */
    inspection: z.object({ execution_id: z.string(), field_id: z.string() }).nullable().optional(),
    /** The public report's reporter (name and contact as given). */
    reporter: z.object({ name: z.string(), contact: z.string() }).nullable(),
    photo: ZAssetFile.nullable(),
    started_by: ZPersonRef.nullable(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
    completed_by: ZPersonRef.nullable(),
    notes: z.string(),
  })
  .meta({ id: 'AssetMaintenance' });
export type TMaintenance = z.infer<typeof ZMaintenance>;

export const ZMaintenanceStart = z
  .object({
    kind: z.enum(MAINTENANCE_KINDS),
    /** One of the asset type's maintenance workflow types; null/absent = a maintenance record. */
    workflow_type: id.nullable().default(null),
    title: z.string().trim().max(ASSET_NAME_MAX).default(''),
    description: z.string().max(ASSET_TEXT_MAX).default(''),
  })
  .meta({ id: 'AssetMaintenanceStart' });
export type TMaintenanceStart = z.input<typeof ZMaintenanceStart>;
/** Complete (or cancel) a maintenance record: POST /assets/{id}/maintenances/{mid}/complete/. Workflow executions finish in the workflow. */
export const ZMaintenanceComplete = z
  .object({
    outcome: z.enum(['done', 'cancelled']).default('done'),
    cost: money.nullable().default(null),
    notes: z.string().max(ASSET_TEXT_MAX).default(''),
    /** Meter readings taken while doing it (each one of this asset's meters, at most once). */
    readings: z
      .array(z.object({ meter: id, value: z.number().min(0).max(METER_MAX) }))
      .max(20)
      .default([]),
  })
  .meta({ id: 'AssetMaintenanceComplete' });
export type TMaintenanceComplete = z.input<typeof ZMaintenanceComplete>;
export const ZMaintenanceParams = z.object({ id: z.string(), mid: z.string() });
export const ZMaintenanceQuery = ZPageQuery.extend({
  kind: z.enum(MAINTENANCE_KINDS).optional(),
  status: z.enum(MAINTENANCE_STATES).optional(),
  workflow_type: z.string().max(100).optional(),
  asset: z.string().max(100).optional(),
});

// Preventive plans: recurring activities (activities module) linked to the asset.
export const ZMaintenancePlan = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The activity series (activities module) that holds the schedule. */
    activity_public_id: z.string(),
    rrule: z.string().nullable(),
    start: z.string(),
    timezone: z.string(),
    duration_minutes: z.number().int(),
    responsible: ZPersonRef.nullable(),
    workflow_type: ZNamedRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AssetMaintenancePlan' });
export type TMaintenancePlan = z.infer<typeof ZMaintenancePlan>;
export const ZMaintenancePlanWrite = z
  .object({
    title: z.string().trim().min(1).max(ASSET_NAME_MAX),
    /** RFC 5545 RRULE, e.g. "FREQ=MONTHLY;INTERVAL=3". */
    rrule: z.string().trim().min(1).max(500),
    /** Wall time of the first occurrence in `timezone`. */
    start: ZWallTime,
    timezone: z.string().min(1).max(100),
    duration_minutes: z.number().int().min(1).max(10_080).default(60),
    /** A passport. */
    responsible: id,
    workflow_type: id.nullable().default(null),
  })
  .meta({ id: 'AssetMaintenancePlanWrite' });
export type TMaintenancePlanWrite = z.input<typeof ZMaintenancePlanWrite>;

// Meters (horómetro, km): readings, and preventive plans by use ("every N units").
export const ZMeterPlan = z
  .object({
    id: z.string(),
    title: z.string(),
    /** Every how many of the meter's units a preventive maintenance opens. */
    every: z.number(),
    /** The reading at which the next one opens. */
    next_at: z.number(),
    workflow_type: ZNamedRef.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AssetMeterPlan' });
export type TMeterPlan = z.infer<typeof ZMeterPlan>;
export const ZMeter = z
  .object({
    id: z.string(),
    name: z.string(),
    unit: z.string(),
    last_value: z.number().nullable(),
    last_read_at: z.string().nullable(),
    plans: z.array(ZMeterPlan),
    created_at: z.string(),
  })
  .meta({ id: 'AssetMeter' });
export type TMeter = z.infer<typeof ZMeter>;
export const ZMeterList = z.object({ results: z.array(ZMeter) });
export const ZMeterWrite = z
  .object({
    name: z.string().trim().min(1).max(80),
    unit: z.string().trim().max(20).default(''),
    /** The reading today, when known (the first of the history). */
    initial: z.number().min(0).max(METER_MAX).nullable().default(null),
  })
  .meta({ id: 'AssetMeterWrite' });
export type TMeterWrite = z.input<typeof ZMeterWrite>;
export const ZMeterParams = z.object({ id: z.string(), mid: z.string() });
export const ZMeterPlanParams = z.object({ id: z.string(), mid: z.string(), pid: z.string() });
export const ZMeterReading = z
  .object({ id: z.string(), value: z.number(), read_at: z.string(), recorded_by: ZPersonRef.nullable(), maintenance_id: z.string().nullable() })
  .meta({ id: 'AssetMeterReading' });
export type TMeterReading = z.infer<typeof ZMeterReading>;
export const ZMeterReadingWrite = z.object({ value: z.number().min(0).max(METER_MAX) }).meta({ id: 'AssetMeterReadingWrite' });
export type TMeterReadingWrite = z.input<typeof ZMeterReadingWrite>;
/** A reading recorded: the meter after it, and the preventive maintenances its plans opened. */
export const ZMeterReadingResult = z.object({ reading: ZMeterReading, meter: ZMeter, opened: z.array(z.string()) }).meta({ id: 'AssetMeterReadingResult' });
export type TMeterReadingResult = z.infer<typeof ZMeterReadingResult>;
export const ZMeterPlanWrite = z
  .object({
    title: z.string().trim().min(1).max(ASSET_NAME_MAX),
    every: z.number().positive().max(METER_MAX),
    /** The reading of the first maintenance; default: the last reading (or 0) plus `every`. */
    first_at: z.number().min(0).max(METER_MAX).nullable().default(null),
    workflow_type: id.nullable().default(null),
  })
  .meta({ id: 'AssetMeterPlanWrite' });
export type TMeterPlanWrite = z.input<typeof ZMeterPlanWrite>;

export const ZCalendarQuery = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });
export const ZCalendarOccurrence = z
  .object({
    plan: ZNamedRef,
    activity_public_id: z.string(),
    recurrence_id: z.string(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    /** The occurrence's display status (activities: SCHEDULED, ACTIVE, EXPIRED, COMPLETED, CANCELLED). */
    status: z.enum(DISPLAY_STATUSES),
  })
  .meta({ id: 'AssetCalendarOccurrence' });
export type TCalendarOccurrence = z.infer<typeof ZCalendarOccurrence>;
export const ZCalendar = z.object({ results: z.array(ZCalendarOccurrence) });

// ------------------------------------------------------------------------------------------
// Investment

export const ZInvestment = z
  .object({
    purchase_cost: z.number().nullable(),
    purchase_date: z.string().nullable(),
    useful_life_years: z.number().int().nullable(),
    salvage_value: z.number().nullable(),
    /** Sum of completed maintenances' costs per month "YYYY-MM", oldest first. */
    maintenance_spend_by_month: z.array(z.object({ month: z.string(), cost: z.number() })),
    maintenance_spend_total: z.number(),
    /** Straight-line book value at the end of each year of the useful life (empty when cost, date or life is missing). */
    depreciation: z.array(z.object({ year: z.number().int(), book_value: z.number(), depreciation: z.number(), accumulated: z.number() })),
    /** Today's book value; null when it cannot be computed. */
    current_book_value: z.number().nullable(),
  })
  .meta({ id: 'AssetInvestment' });
export type TInvestment = z.infer<typeof ZInvestment>;
