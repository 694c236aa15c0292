import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A column of a kanban board: the executions standing at a user task (bpmn id of the active version) or in a status. */
export interface KanbanColumn {
  id: string;
  title: string;
  kind: 'task' | 'status';
  /** kind task: the user task's bpmn id; kind status: InProcess | Success | Error. */
  value: string;
}

/** Kanban boards of a workflow type (decision 025). */
export const workflowKanbans = pgTable(
  'workflow_kanbans',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<KanbanColumn[]>().notNull().default([]),
    /** Process variables shown on each card, in order. */
    cardFields: jsonb('card_fields').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('workflow_kanbans_type').on(t.tenantId, t.typeId)],
);
