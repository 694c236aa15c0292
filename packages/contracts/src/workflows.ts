import { ASSIGNEE_TYPES, EXECUTION_STATUSES, PROBLEM_CODES, WORKFLOW_ELEMENT_TYPES } from '@faena/domain/workflows/index';
import { z } from 'zod';
import { ZPersonRef as ZActivityPersonRef } from './activities.ts';
import { ZPageQuery } from './common.ts';

/**
 * Workflows — /api/workflow-backend/v3 (API.md §Workflows fixed part; design in decision 021).
 */
export const WORKFLOWS_BASE = '/api/workflow-backend/v3';

export const ZWorkflowElementType = z.enum(WORKFLOW_ELEMENT_TYPES);
export const ZWfExecutionStatus = z.enum(EXECUTION_STATUSES);
export const ZWfAssigneeType = z.enum(ASSIGNEE_TYPES);
export const ZWfProblemCode = z.enum(PROBLEM_CODES);

export const ZWorkflowCategory = z.object({ id: z.string(), name: z.string(), position: z.number().int() }).meta({ id: 'WorkflowCategory' });
export type TWorkflowCategory = z.infer<typeof ZWorkflowCategory>;
export const ZWorkflowCategoryCreate = z.object({ name: z.string().trim().min(1).max(200) });
export const ZWorkflowCategoryPatch = z.object({ name: z.string().trim().min(1).max(200).optional(), position: z.number().int().min(0).max(100_000).optional() });

export const ZWfVersionRef = z.object({ id: z.string(), number: z.number().int() });
export const ZWorkflowType = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    category: z.object({ id: z.string(), name: z.string() }).nullable(),
    is_archived: z.boolean(),
    /** A tab of its own in the phone's tab bar when it can be started (spec shell §2); on unless switched off. */
    is_dispatchable: z.boolean(),
    active_version: ZWfVersionRef.nullable(),
    latest_version: ZWfVersionRef.extend({ is_active: z.boolean() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WorkflowType' });
export type TWorkflowType = z.infer<typeof ZWorkflowType>;

export const ZWfVersionSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type TWfVersionSummary = z.infer<typeof ZWfVersionSummary>;
export const ZWorkflowTypeDetail = ZWorkflowType.extend({ versions: z.array(ZWfVersionSummary) }).meta({ id: 'WorkflowTypeDetail' });
export type TWorkflowTypeDetail = z.infer<typeof ZWorkflowTypeDetail>;

export const ZWorkflowTypeCreate = z.object({
  name: z.string().trim().min(1).max(200),
  category: z.string().max(100).nullable().optional(),
  description: z.string().max(10_000).optional(),
  icon: z.string().max(100).nullable().optional(),
});
export const ZWorkflowTypePatch = ZWorkflowTypeCreate.partial().extend({ is_archived: z.boolean().optional(), is_dispatchable: z.boolean().optional() });
export const ZWorkflowTypeQuery = z.object({ category: z.string().max(100).optional(), search: z.string().max(200).optional() });

/** A BPMN model is at most 2 MB of XML. */
export const BPMN_XML_MAX = 2_000_000;
export const ZVersionWrite = z.object({ bpmn_xml: z.string().min(1).max(BPMN_XML_MAX) });
export const ZWorkflowVersion = z
  .object({
    id: z.string(),
    workflow_type: z.string(),
    number: z.number().int(),
    is_active: z.boolean(),
    bpmn_xml: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'WorkflowVersion' });
export type TWorkflowVersion = z.infer<typeof ZWorkflowVersion>;

export const ZWfModelProblem = z
  .object({ element_id: z.string().nullable(), code: ZWfProblemCode, detail: z.string(), params: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: 'WorkflowModelProblem' });
export type TWfModelProblem = z.infer<typeof ZWfModelProblem>;
export const ZWfValidateResult = z.object({ problems: z.array(ZWfModelProblem) });

/** Process variables: name → JSON value (types per spec §3). */
export const ZWfVariables = z.record(z.string().min(1).max(100), z.unknown());
export const ZWfExecutionStart = z.object({
  variables: ZWfVariables.optional(),
  /** The start event to start at (a model may have several plain start events); the first one when absent. */
  start_event: z.string().max(200).optional(),
});

const ZPersonRef = ZActivityPersonRef;

export const ZWfElementRecord = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  name: z.string(),
  bpmn_id: z.string(),
  type: ZWorkflowElementType,
  is_active: z.boolean(),
  execution: z.string(),
  attached_to: z.string().nullable(),
});
export type TWfElementRecord = z.infer<typeof ZWfElementRecord>;

export const ZWfUserTask = ZWfElementRecord.extend({
  execution_audience: z.array(ZPersonRef),
  successfully_completed: z.boolean().nullable(),
  summary: z.string(),
  description: z.string(),
  due_at: z.string().nullable(),
  form_id: z.string().nullable(),
  workflow_type: z.object({ id: z.string(), name: z.string() }),
  /** The version the task's execution runs: with workflow_type and execution, what a link to the task needs (taskPath). */
  version: ZWfVersionRef,
  /** Whether the task is still waiting for an answer. */
  is_open: z.boolean(),
}).meta({ id: 'WorkflowUserTask' });
export type TWfUserTask = z.infer<typeof ZWfUserTask>;

export const ZWfHistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  bpmn_id: z.string().nullable(),
  element_type: ZWorkflowElementType.nullable(),
  by: ZPersonRef.nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TWfHistoryEntry = z.infer<typeof ZWfHistoryEntry>;

export const ZWfExecutionSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    status: ZWfExecutionStatus,
    workflow_type: z.object({ id: z.string(), name: z.string() }),
    version: ZWfVersionRef,
    started_by: ZPersonRef.nullable(),
    created: z.string(),
    updated: z.string(),
    initiated: z.string(),
    completed: z.string().nullable(),
    /** Where the execution stands: its open user tasks (empty once it ended). */
    current: z.array(z.object({ bpmn_id: z.string(), name: z.string() })),
  })
  .meta({ id: 'WorkflowExecutionSummary' });
export type TWfExecutionSummary = z.infer<typeof ZWfExecutionSummary>;

export const ZWfTaskResponse = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  response: z.record(z.string(), z.unknown()).nullable(),
  user: ZPersonRef,
});
export type TWfTaskResponse = z.infer<typeof ZWfTaskResponse>;

/** A form as the run-time screens show it (its fields: the forms engine's definition). */
export const ZWfForm = z.object({ id: z.string(), version: z.number().int(), name: z.string(), description: z.array(z.unknown()) }).meta({ id: 'WorkflowForm' });
export type TWfForm = z.infer<typeof ZWfForm>;

export const ZWfExecution = ZWfExecutionSummary.extend({
  elements: z.array(ZWfElementRecord),
  tasks: z.array(ZWfUserTask),
  variables: ZWfVariables,
  history: z.array(ZWfHistoryEntry),
  /** Every answer given to the execution's user tasks. */
  responses: z.array(ZWfTaskResponse.extend({ task: z.string() })),
  /** The start event's form (its answers are the first variables), when the model has one. */
  start_form_id: z.string().nullable(),
  /** The forms of the start event and of the tasks, by id (for the answer display). */
  forms: z.record(z.string(), ZWfForm),
}).meta({ id: 'WorkflowExecution' });
export type TWfExecution = z.infer<typeof ZWfExecution>;

export const ZWfExecutionQuery = ZPageQuery.extend({
  workflow_type: z.string().max(100).optional(),
  status: ZWfExecutionStatus.optional(),
  /** Started on or after this day / instant (ISO 8601). */
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** Started before the end of this day / before this instant (ISO 8601). */
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** Passport of the person who started it; `me` for the caller. */
  started_by: z.string().max(200).optional(),
  /** bpmn id of a user task the execution stands at. */
  current_step: z.string().max(200).optional(),
});
export type TWfExecutionQuery = z.infer<typeof ZWfExecutionQuery>;

export const ZWfMyTasksQuery = z.object({ workflow_type: z.string().max(100).optional() });

/** What starting a type shows first: the version, the start event and its form. */
export const ZWfStartForm = z
  .object({
    workflow_type: z.object({ id: z.string(), name: z.string(), description: z.string(), icon: z.string().nullable() }),
    version: ZWfVersionRef,
    start_event: z.object({ bpmn_id: z.string(), name: z.string() }),
    form: ZWfForm.nullable(),
    /** The user tasks of the version (bpmn id and name): the steps an execution may stand at. */
    steps: z.array(z.object({ bpmn_id: z.string(), name: z.string() })),
  })
  .meta({ id: 'WorkflowStartForm' });
export type TWfStartForm = z.infer<typeof ZWfStartForm>;
export const ZWfStartFormQuery = z.object({ version: z.string().max(100).optional(), bpmn_id: z.string().max(200).optional() });

export const ZWfUserTaskDetail = ZWfUserTask.extend({
  form: z.unknown().nullable(),
  execution_summary: ZWfExecutionSummary,
  responses: z.array(ZWfTaskResponse),
}).meta({ id: 'WorkflowUserTaskDetail' });
export type TWfUserTaskDetail = z.infer<typeof ZWfUserTaskDetail>;

export const ZWfTaskAnswer = z.object({ response: z.record(z.string(), z.unknown()) });
export const ZWfMessageSend = z.object({
  name: z.string().trim().min(1).max(200),
  correlation_key: z.string().max(500).nullable().optional(),
  variables: ZWfVariables.optional(),
});
export const ZWfMessageResult = z.object({ delivered: z.number().int() });
