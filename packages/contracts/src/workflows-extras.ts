import { EXECUTION_STATUSES } from '@faena/domain/workflows/index';
import { z } from 'zod';

/**
 * Workflows extras — executions exports (myExecutionsExport), kanban boards and public start links
 * (decision 025). Under /api/workflow-backend/v3 like the rest of the module.
 */

const ZStatus = z.enum(EXECUTION_STATUSES);

// ------------------------------------------------------------------------------------ exports

/** EXPIRED: the file was deleted when its retention (7 days) ended; its download answers 410 expired. */
export const WF_EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
/** The executions list's filters, the same as GET /executions/ takes, plus the file format. */
export const ZWfExportCreate = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  status: ZStatus.optional(),
  started_by: z.string().max(100).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_to: z.iso.datetime({ offset: true }).optional(),
  current_step: z.string().max(200).optional(),
});
export type TWfExportCreate = z.infer<typeof ZWfExportCreate>;

export const ZWfExport = z
  .object({
    id: z.string(),
    workflow_type: z.string(),
    format: z.enum(['csv', 'xlsx']),
    status: z.enum(WF_EXPORT_STATUSES),
    percent: z.number().int(),
    rows: z.number().int(),
    file_name: z.string(),
    /** The document manager's file (its upload id) once DONE. */
    upload_id: z.string().nullable(),
    download_url: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    /** Until when the file can be downloaded (a DONE export; 7 days after it finished), or when it was deleted (EXPIRED); null while it is not finished. */
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'WorkflowExecutionsExport' });
export type TWfExport = z.infer<typeof ZWfExport>;

// ------------------------------------------------------------------------------------ kanban

export const ZKanbanColumn = z.object({
  id: z.string().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  kind: z.enum(['task', 'status']),
  /** task: the user task's bpmn id in the active version; status: InProcess | Success | Error. */
  value: z.string().min(1).max(200),
});
export type TKanbanColumn = z.infer<typeof ZKanbanColumn>;

export const ZKanbanWrite = z.object({
  name: z.string().trim().min(1).max(200),
  columns: z.array(ZKanbanColumn).min(1).max(20),
  card_fields: z.array(z.string().min(1).max(100)).max(10).default([]),
});
export type TKanbanWrite = z.infer<typeof ZKanbanWrite>;

export const ZKanban = z
  .object({
    id: z.string(),
    workflow_type: z.string(),
    name: z.string(),
    columns: z.array(ZKanbanColumn),
    card_fields: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WorkflowKanban' });
export type TKanban = z.infer<typeof ZKanban>;

/** What a board may be configured with: the active version's user tasks and the variables its forms fill. */
export const ZKanbanOptions = z.object({
  tasks: z.array(z.object({ bpmn_id: z.string(), name: z.string(), form_id: z.string().nullable() })),
  variables: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type TKanbanOptions = z.infer<typeof ZKanbanOptions>;

export const ZKanbanCard = z.object({
  execution: z.string(),
  name: z.string(),
  status: ZStatus,
  column: z.string().nullable(),
  /** The open user task the card stands on (the one a move completes), if any. */
  task: z.object({ id: z.string(), bpmn_id: z.string(), name: z.string(), form_id: z.string().nullable(), assigned_to_me: z.boolean() }).nullable(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), text: z.string() })),
  /** The columns the model lets this card move to (the step after the one it stands on). */
  allowed_columns: z.array(z.string()),
  started_by: z.string().nullable(),
  created: z.string(),
});
export type TKanbanCard = z.infer<typeof ZKanbanCard>;

export const ZKanbanBoard = z.object({
  kanban: ZKanban,
  workflow_type: z.object({ id: z.string(), name: z.string() }),
  cards: z.array(ZKanbanCard),
  /** Cards beyond this many per column are not sent (the newest are). */
  limit_per_column: z.number().int(),
});
export type TKanbanBoard = z.infer<typeof ZKanbanBoard>;

export const ZKanbanMove = z.object({
  execution: z.string().max(100),
  to_column: z.string().min(1).max(100),
  /** The answer of the task the card stands on, when that task has a form. */
  response: z.record(z.string(), z.unknown()).optional(),
});
export type TKanbanMove = z.infer<typeof ZKanbanMove>;

// ------------------------------------------------------------------------------------ public start links

export const ZWfPublicSetting = z.object({ enabled: z.boolean() });
export type TWfPublicSetting = z.infer<typeof ZWfPublicSetting>;

export const ZWfPublicStartForm = z.object({
  workflow_type: z.object({ id: z.string(), name: z.string(), description: z.string(), icon: z.string().nullable() }),
  tenant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  bpmn_id: z.string(),
  /** The start event's form (the forms engine's definition), null when it has none. */
  form: z.unknown().nullable(),
});
export type TWfPublicStartForm = z.infer<typeof ZWfPublicStartForm>;

export const ZWfPublicStart = z.object({ variables: z.record(z.string().min(1).max(100), z.unknown()).default({}) });
export const ZWfPublicReceipt = z.object({ tracking_code: z.string(), workflow_type: z.string(), status: ZStatus, created_at: z.string() });
export type TWfPublicReceipt = z.infer<typeof ZWfPublicReceipt>;

/** Status only: nothing of the answers nor of other people. */
export const ZWfPublicTracking = z.object({
  tracking_code: z.string(),
  workflow_type: z.string(),
  status: ZStatus,
  /** The name of the step it stands on (user task), when in process. */
  current_step: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  tenant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
});
export type TWfPublicTracking = z.infer<typeof ZWfPublicTracking>;
