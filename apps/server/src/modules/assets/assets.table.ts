import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'number' });

/** What a `status_reason` column holds (decision 028): why an asset needs maintenance. */
export interface StoredStatusReason {
  code: 'corrective_open' | 'preventive_overdue';
  since: string;
  maintenance_id: string | null;
  plan_id: string | null;
  recurrence_id: string | null;
}

/** An asset category (ADMIN_ASSETS): groups asset types. */
export const assetCategories = pgTable(
  'asset_categories',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('asset_categories_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * An asset type: its category, icon and colour, the form of its extra fields, and the workflow
 * types that are its maintenances (the corrective one is what a problem report starts).
 */
export const assetTypes = pgTable(
  'asset_types',
  {
    tenantId: tenantId(),
    id: id(),
    categoryId: uuid('category_id').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default('box'),
    color: text('color').notNull().default('#228be6'),
    formId: uuid('form_id'),
    maintenanceWorkflowTypeIds: jsonb('maintenance_workflow_type_ids').$type<string[]>().notNull().default([]),
    correctiveWorkflowTypeId: uuid('corrective_workflow_type_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('asset_types_name').on(t.tenantId, sql`lower(${t.name})`), index('asset_types_category').on(t.tenantId, t.categoryId)],
);

/**
 * An asset. `category_id` repeats its type's (kept in step when a type moves) so the list filters
 * by an index; `maintenance_status` and `status_reason` are kept by every write that changes them
 * and by the status sweep (overdue preventive occurrences; executions finished in the workflows).
 */
export const assets = pgTable(
  'assets',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    model: text('model').notNull().default(''),
    typeId: uuid('type_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    venueId: uuid('venue_id'),
    locationId: uuid('location_id'),
    responsiblePersonId: uuid('responsible_person_id'),
    parentId: uuid('parent_id'),
    description: text('description').notNull().default(''),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    purchaseCost: money('purchase_cost'),
    usefulLifeYears: integer('useful_life_years'),
    salvageValue: money('salvage_value'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    /** The label's public address token: unguessable (128 random bits). */
    labelToken: text('label_token').notNull(),
    maintenanceStatus: text('maintenance_status').$type<'ok' | 'maintenance_needed'>().notNull().default('ok'),
    statusReason: jsonb('status_reason').$type<StoredStatusReason | null>(),
    lastMaintenanceAt: instant('last_maintenance_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('assets_code').on(t.tenantId, t.code),
    uniqueIndex('assets_label_token').on(t.tenantId, t.labelToken),
    index('assets_name').on(t.tenantId, t.name),
    index('assets_type').on(t.tenantId, t.typeId, t.code),
    index('assets_category').on(t.tenantId, t.categoryId, t.code),
    index('assets_venue').on(t.tenantId, t.venueId, t.code),
    index('assets_status').on(t.tenantId, t.maintenanceStatus, t.code),
    index('assets_responsible').on(t.tenantId, t.responsiblePersonId),
    index('assets_parent').on(t.tenantId, t.parentId),
  ],
);

/** Related assets (associated elements besides parent and children), stored both ways. */
export const assetRelations = pgTable(
  'asset_relations',
  {
    tenantId: tenantId(),
    assetId: uuid('asset_id').notNull(),
    relatedId: uuid('related_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.assetId, t.relatedId] }), index('asset_relations_related').on(t.tenantId, t.relatedId)],
);

/** A person's scan history: each code they scanned (or typed) that opened an asset. */
export const assetScans = pgTable(
  'asset_scans',
  {
    tenantId: tenantId(),
    id: id(),
    personId: uuid('person_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    code: text('code').notNull(),
    scannedAt: instant('scanned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_scans_person').on(t.tenantId, t.personId, t.scannedAt), index('asset_scans_asset').on(t.tenantId, t.assetId)],
);

/**
 * A maintenance of an asset: a workflow execution (execution_id; its state and cost are copied
 * here when it finishes) or, with no workflow type, a record of this module completed by hand.
 */
export const assetMaintenances = pgTable(
  'asset_maintenances',
  {
    tenantId: tenantId(),
    id: id(),
    assetId: uuid('asset_id').notNull(),
    kind: text('kind').$type<'corrective' | 'preventive'>().notNull(),
    status: text('status').$type<'InProcess' | 'Success' | 'Error'>().notNull().default('InProcess'),
    workflowTypeId: uuid('workflow_type_id'),
    executionId: uuid('execution_id'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    cost: money('cost'),
    source: text('source').$type<'manual' | 'public_report' | 'plan' | 'inspection'>().notNull().default('manual'),
    planId: uuid('plan_id'),
    /** An inspection's failed item that opened it (checklists): one maintenance per execution and item. */
    sourceExecutionId: uuid('source_execution_id'),
    sourceFieldKey: text('source_field_key'),
    /** The plan by meter reading that opened it (a preventive maintenance). */
    meterPlanId: uuid('meter_plan_id'),
    reporterName: text('reporter_name'),
    reporterContact: text('reporter_contact'),
    photoId: text('photo_id'),
    startedByPersonId: uuid('started_by_person_id'),
    startedAt: instant('started_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    completedByPersonId: uuid('completed_by_person_id'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('asset_maintenances_asset').on(t.tenantId, t.assetId, t.startedAt),
    index('asset_maintenances_open').on(t.tenantId, t.status, t.assetId),
    index('asset_maintenances_started').on(t.tenantId, t.startedAt),
    uniqueIndex('asset_maintenances_inspection')
      .on(t.tenantId, t.sourceExecutionId, t.sourceFieldKey)
      .where(sql`source_execution_id IS NOT NULL`),
  ],
);

/** A preventive plan: a recurring activity (activities module) that schedules an asset's maintenance. */
export const assetPlans = pgTable(
  'asset_plans',
  {
    tenantId: tenantId(),
    id: id(),
    assetId: uuid('asset_id').notNull(),
    activityId: uuid('activity_id').notNull(),
    title: text('title').notNull(),
    workflowTypeId: uuid('workflow_type_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_plans_asset').on(t.tenantId, t.assetId), index('asset_plans_activity').on(t.tenantId, t.activityId)],
);

/** A reading in a meter's units, exact to the thousandth. */
const reading = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });

/** A meter of an asset (horómetro, odometer): its last reading is kept here, its history in asset_meter_readings. */
export const assetMeters = pgTable(
  'asset_meters',
  {
    tenantId: tenantId(),
    id: id(),
    assetId: uuid('asset_id').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    lastValue: reading('last_value'),
    lastReadAt: instant('last_read_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('asset_meters_name').on(t.tenantId, t.assetId, sql`lower(${t.name})`)],
);

/** Every reading of a meter (never decreasing), by whom, and the maintenance it was taken at. */
export const assetMeterReadings = pgTable(
  'asset_meter_readings',
  {
    tenantId: tenantId(),
    id: id(),
    meterId: uuid('meter_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    value: reading('value').notNull(),
    readAt: instant('read_at').notNull().defaultNow(),
    recordedByPersonId: uuid('recorded_by_person_id'),
    maintenanceId: uuid('maintenance_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_meter_readings_meter').on(t.tenantId, t.meterId, t.readAt)],
);

/** A preventive plan by use: a maintenance opens each time the meter's reading reaches `next_at`, then `next_at` moves on by `every`. */
export const assetMeterPlans = pgTable(
  'asset_meter_plans',
  {
    tenantId: tenantId(),
    id: id(),
    assetId: uuid('asset_id').notNull(),
    meterId: uuid('meter_id').notNull(),
    title: text('title').notNull(),
    every: reading('every').notNull(),
    nextAt: reading('next_at').notNull(),
    workflowTypeId: uuid('workflow_type_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_meter_plans_meter').on(t.tenantId, t.meterId)],
);

/** An assets export (CSV or XLSX) made by a background job; the file lives in object storage. */
export const assetExports = pgTable(
  'asset_exports',
  {
    tenantId: tenantId(),
    id: id(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    percent: integer('percent').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_exports_created').on(t.tenantId, t.createdAt)],
);

/** Every public problem report attempt (valid or not): what the per-address and per-asset limits count. */
export const assetReportAttempts = pgTable(
  'asset_report_attempts',
  {
    tenantId: tenantId(),
    id: id(),
    assetId: uuid('asset_id').notNull(),
    /** SHA-256 of the tenant and the client address (the address itself is not kept). */
    addressHash: text('address_hash').notNull(),
    at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('asset_report_attempts_address').on(t.tenantId, t.addressHash, t.at),
    index('asset_report_attempts_asset').on(t.tenantId, t.assetId, t.at),
  ],
);

/**
 * A large label sheet made by a background job (more assets than the direct PDF takes): what was
 * asked (ids or filters, kind, stock), the origin the QR codes point at, progress and the file.
 */
export const assetLabelJobs = pgTable(
  'asset_label_jobs',
  {
    tenantId: tenantId(),
    id: id(),
    kind: text('kind').$type<'qr' | 'barcode' | 'datamatrix'>().notNull(),
    size: text('size').notNull(),
    assetIds: jsonb('asset_ids').$type<string[] | null>(),
    filters: jsonb('filters').$type<Record<string, unknown> | null>(),
    origin: text('origin').notNull(),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    percent: integer('percent').notNull().default(0),
    labels: integer('labels').notNull().default(0),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('asset_label_jobs_created').on(t.tenantId, t.createdBy, t.createdAt)],
);
