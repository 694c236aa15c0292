import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WfGraph } from '@faena/domain/workflows/index';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Workflow definitions, their versions (BPMN XML + parsed graph) and their runs (decision 021). */
export const workflowCategories = pgTable(
  'workflow_categories',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), position: integer('position').notNull().default(0), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const workflowTypes = pgTable(
  'workflow_types',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    categoryId: uuid('category_id'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** A tab of its own in the phone's tab bar (spec shell §2 "dispatchable"); on by default. */
    isDispatchable: boolean('is_dispatchable').notNull().default(true),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_types_category').on(t.tenantId, t.categoryId)],
);

export const workflowVersions = pgTable(
  'workflow_versions',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    number: integer('number').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** Published once: never changes afterwards (an execution runs the version it started on). */
    isPublished: boolean('is_published').notNull().default(false),
    bpmnXml: text('bpmn_xml').notNull(),
    graph: jsonb('graph').$type<WfGraph>().notNull(),
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('workflow_versions_number').on(t.tenantId, t.typeId, t.number)],
);

/** The parsed elements of a published version (what message starts are looked up by). */
export const workflowVersionElements = pgTable(
  'workflow_version_elements',
  {
    tenantId: tenantId(),
    versionId: uuid('version_id').notNull(),
    bpmnId: text('bpmn_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    messageName: text('message_name'),
    formId: uuid('form_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.versionId, t.bpmnId] }), index('workflow_version_elements_message').on(t.tenantId, t.messageName)],
);

export const workflowExecutions = pgTable(
  'workflow_executions',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    versionId: uuid('version_id').notNull(),
    name: text('name').notNull(),
    /** InProcess | Success | Error */
    status: text('status').notNull().default('InProcess'),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    startedByPersonId: uuid('started_by_person_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: at('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_executions_type').on(t.tenantId, t.typeId, t.createdAt),
    index('workflow_executions_starter').on(t.tenantId, t.startedByPersonId, t.createdAt),
  ],
);

/**
 * A token waiting somewhere: at a user task, a timer, a message catch or a parallel join. Moving
 * through start events, gateways and throws happens inside one step and leaves no token.
 */
export const workflowTokens = pgTable(
  'workflow_tokens',
  {
    tenantId: tenantId(),
    id: id(),
    executionId: uuid('execution_id').notNull(),
    bpmnId: text('bpmn_id').notNull(),
    /** task | timer | message | join */
    waitKind: text('wait_kind').notNull(),
    elementId: uuid('element_id'),
    messageName: text('message_name'),
    correlation: text('correlation'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_tokens_execution').on(t.tenantId, t.executionId), index('workflow_tokens_message').on(t.tenantId, t.messageName)],
);

/** Spec §3 workflow element record: one per element an execution passed through. */
export const workflowElements = pgTable(
  'workflow_elements',
  {
    tenantId: tenantId(),
    id: id(),
    executionId: uuid('execution_id').notNull(),
    bpmnId: text('bpmn_id').notNull(),
    name: text('name').notNull().default(''),
    type: text('type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    attachedTo: text('attached_to'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_elements_execution').on(t.tenantId, t.executionId, t.createdAt)],
);

/** Spec §3 user task record (its element record has the same id). */
export const workflowUserTasks = pgTable(
  'workflow_user_tasks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    executionId: uuid('execution_id').notNull(),
    assigneeIds: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    formId: uuid('form_id'),
    isOpen: boolean('is_open').notNull().default(true),
    successfullyCompleted: boolean('successfully_completed'),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    dueAt: at('due_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_user_tasks_execution').on(t.tenantId, t.executionId), index('workflow_user_tasks_open').on(t.tenantId, t.isOpen, t.createdAt)],
);

/** One answer per task (the unique index is the last guard against a double answer). */
export const workflowTaskResponses = pgTable(
  'workflow_task_responses',
  {
    tenantId: tenantId(),
    id: id(),
    taskId: uuid('task_id').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    personId: uuid('person_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('workflow_task_responses_task').on(t.tenantId, t.taskId)],
);

/** Every step of an execution, with who and when. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    tenantId: tenantId(),
    id: id(),
    executionId: uuid('execution_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    action: text('action').notNull(),
    bpmnId: text('bpmn_id'),
    elementType: text('element_type'),
    personId: uuid('person_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_history_execution').on(t.tenantId, t.executionId, t.at)],
);

/**
 * Messages thrown by a workflow, delivered once: the throw's key is inserted in the delivery's
 * transaction, so a message job run again after its commit (a retry, a crash before pg-boss marked
 * it done) finds its key and delivers nothing (decision 021).
 */
export const workflowMessageDeliveries = pgTable(
  'workflow_message_deliveries',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    deliveredAt: at('delivered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
