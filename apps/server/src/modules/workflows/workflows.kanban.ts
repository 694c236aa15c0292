import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { displayFieldAnswer } from '@faena/domain';
import { EXECUTION_STATUSES, type WfGraph } from '@faena/domain/workflows/index';
import type { TKanban, TKanbanBoard, TKanbanCard, TKanbanMove, TKanbanOptions, TKanbanWrite } from '@faena/contracts/workflows-extras';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, BodyError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { personSummaries } from '../people/index.ts';
import { workflowKanbans } from './kanban.table.ts';
import { checkedAnswer } from './workflows.answers.ts';
import { completeTask, lockExecution } from './workflows.engine.ts';
import { forgetBoards } from './workflows.kanban-stream.ts';
import { exportFields, findTypeName, PUBLIC_STARTER, viewText, type ExportField } from './workflows.export.ts';
import { workflowTaskResponses, workflowVersions } from './workflows.table.ts';

/**
 * Kanban boards of a workflow type (decision 025): columns mapped to user tasks of the active
 * version or to statuses; cards are the executions; moving a card to the column of the task that
 * follows the one it stands on completes that task (with its form's answer when it has one).
 */

/** Cards sent per column (the newest). */
export const CARDS_PER_COLUMN = 100;
/** Executions looked at for one board (the newest first). */
const BOARD_EXECUTIONS = 2000;

const coded = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) => new BodyError(status, { code, detail, ...extra });
const notFound = (what: string) => new AppError('not-found', `${what} not found.`);
const invalid = (field: string, message: string) => new AppError('validation-error', message, { errors: { [field]: [message] } });
const isManager = (ctx: Ctx) => ctx.caller?.permissions.has('MANAGE_WF') ?? false;

type KanbanRow = typeof workflowKanbans.$inferSelect;

const toKanban = (row: KanbanRow): TKanban => ({
  id: row.id,
  workflow_type: row.typeId,
  name: row.name,
  columns: row.columns,
  card_fields: row.cardFields,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function activeGraph(tx: Drizzle, tenantId: string, typeId: string): Promise<WfGraph | null> {
  const [row] = await tx
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), eq(workflowVersions.typeId, typeId), eq(workflowVersions.isActive, true)));
  return row?.graph ?? null;
}

async function typeOrNotFound(tx: Drizzle, tenantId: string, typeId: string): Promise<string> {
  const name = await findTypeName(tx, tenantId, typeId);
  if (name === null) throw notFound('Workflow type');
  return name;
}

/** The active version's user tasks and the variables its forms fill: what a board may use. */
export async function kanbanOptions(ctx: Ctx, typeId: string): Promise<TKanbanOptions & { fields: ExportField[] }> {
  const graph = await ctx.tx(async (tx) => {
    await typeOrNotFound(tx, ctx.tenant.id, typeId);
    return activeGraph(tx, ctx.tenant.id, typeId);
  });
  if (!graph) return { tasks: [], variables: [], fields: [] };
  const fields = await exportFields(ctx, [graph]);
  return {
    tasks: graph.nodes.filter((n) => n.type === 'UserTask').map((n) => ({ bpmn_id: n.id, name: n.name || n.id, form_id: n.formId ?? null })),
    variables: fields.map((f) => ({ name: f.name, label: f.label })),
    fields,
  };
}

async function checkWrite(ctx: Ctx, typeId: string, input: TKanbanWrite): Promise<void> {
  const options = await kanbanOptions(ctx, typeId);
  const ids = new Set<string>();
  for (const column of input.columns) {
    if (ids.has(column.id)) throw invalid('columns', `Two columns share the id ${column.id}.`);
    ids.add(column.id);
    if (column.kind === 'task' && !options.tasks.some((t) => t.bpmn_id === column.value)) throw invalid('columns', `${column.value} is not a user task of the active version.`);
    if (column.kind === 'status' && !(EXECUTION_STATUSES as readonly string[]).includes(column.value)) throw invalid('columns', `${column.value} is not an execution status.`);
  }
  for (const name of input.card_fields) if (!options.variables.some((v) => v.name === name)) throw invalid('card_fields', `${name} is not a variable of this workflow.`);
}

export async function listKanbans(ctx: Ctx, typeId: string): Promise<{ results: TKanban[] }> {
  return ctx.tx(async (tx) => {
    await typeOrNotFound(tx, ctx.tenant.id, typeId);
    const rows = await tx
      .select()
      .from(workflowKanbans)
      .where(and(eq(workflowKanbans.tenantId, ctx.tenant.id), eq(workflowKanbans.typeId, typeId)))
      .orderBy(asc(workflowKanbans.name));
    return { results: rows.map(toKanban) };
  });
}

async function findKanban(tx: Drizzle, tenantId: string, typeId: string, id: string): Promise<KanbanRow> {
  const [row] =
    isUuid(id) && isUuid(typeId)
      ? await tx
          .select()
          .from(workflowKanbans)
          .where(and(eq(workflowKanbans.tenantId, tenantId), eq(workflowKanbans.typeId, typeId), eq(workflowKanbans.id, id)))
      : [];
  if (!row) throw notFound('Kanban board');
  return row;
}

export async function getKanban(ctx: Ctx, typeId: string, id: string): Promise<TKanban> {
  return toKanban(await ctx.tx((tx) => findKanban(tx, ctx.tenant.id, typeId, id)));
}

export async function createKanban(ctx: Ctx, typeId: string, input: TKanbanWrite): Promise<TKanban> {
  const { caller } = signedIn(ctx);
  await checkWrite(ctx, typeId, input);
  const row = await ctx.tx(
    async (tx) => {
      await typeOrNotFound(tx, ctx.tenant.id, typeId);
      const [created] = await tx
        .insert(workflowKanbans)
        .values({ tenantId: ctx.tenant.id, typeId, name: input.name, columns: input.columns, cardFields: input.card_fields, createdBy: caller.personId })
        .returning();
      return created!;
    },
    { audit: 'workflows.kanban.create', subject: (r) => r.id },
  );
  // steps of this type start telling boards at once (other processes within their cache's 30 s)
  forgetBoards(ctx.tenant.id, typeId);
  return toKanban(row);
}

export async function updateKanban(ctx: Ctx, typeId: string, id: string, input: TKanbanWrite): Promise<TKanban> {
  await ctx.tx((tx) => findKanban(tx, ctx.tenant.id, typeId, id));
  await checkWrite(ctx, typeId, input);
  const row = await ctx.tx(
    async (tx) => {
      const [updated] = await tx
        .update(workflowKanbans)
        .set({ name: input.name, columns: input.columns, cardFields: input.card_fields, updatedAt: new Date() })
        .where(and(eq(workflowKanbans.tenantId, ctx.tenant.id), eq(workflowKanbans.typeId, typeId), eq(workflowKanbans.id, id)))
        .returning();
      if (!updated) throw notFound('Kanban board');
      return updated;
    },
    { audit: 'workflows.kanban.update' },
  );
  return toKanban(row);
}

export async function deleteKanban(ctx: Ctx, typeId: string, id: string): Promise<void> {
  // ids that are not uuids name no board (and must not reach the uuid columns)
  if (!isUuid(typeId) || !isUuid(id)) throw notFound('Kanban board');
  await ctx.tx(
    async (tx) => {
      const deleted = await tx
        .delete(workflowKanbans)
        .where(and(eq(workflowKanbans.tenantId, ctx.tenant.id), eq(workflowKanbans.typeId, typeId), eq(workflowKanbans.id, id)))
        .returning({ id: workflowKanbans.id });
      if (deleted.length === 0) throw notFound('Kanban board');
    },
    { audit: 'workflows.kanban.delete' },
  );
  forgetBoards(ctx.tenant.id, typeId);
}

interface BoardExec {
  id: string;
  version_id: string;
  name: string;
  status: string;
  variables: Record<string, unknown>;
  started_by_person_id: string | null;
  created_at: string | Date;
  tasks: { id: string; bpmn_id: string; name: string; form_id: string | null; assignee_ids: string[] }[] | null;
}

/** The column a card stands in: the first task column of one of its open tasks, else its status's column. */
export function columnOf(columns: readonly TKanban['columns'][number][], exec: Pick<BoardExec, 'status' | 'tasks'>): TKanban['columns'][number] | null {
  const open = exec.tasks ?? [];
  for (const column of columns) if (column.kind === 'task' && open.some((t) => t.bpmn_id === column.value)) return column;
  return columns.find((c) => c.kind === 'status' && c.value === exec.status) ?? null;
}

async function boardExecutions(tx: Drizzle, ctx: Ctx, typeId: string, only?: string): Promise<BoardExec[]> {
  const { caller } = signedIn(ctx);
  const visible = isManager(ctx)
    ? sql``
    : sql`AND (e.started_by_person_id = ${caller.personId}::uuid OR EXISTS (SELECT 1 FROM workflow_user_tasks t WHERE t.tenant_id = e.tenant_id AND t.execution_id = e.id AND ${caller.personId}::uuid = ANY(t.assignee_ids)))`;
  const result = (await tx.execute(sql`
    SELECT e.id, e.version_id, e.name, e.status, e.variables, e.started_by_person_id, e.created_at,
      (SELECT json_agg(json_build_object('id', t.id, 'bpmn_id', el.bpmn_id, 'name', el.name, 'form_id', t.form_id, 'assignee_ids', t.assignee_ids) ORDER BY t.created_at)
         FROM workflow_user_tasks t JOIN workflow_elements el ON el.tenant_id = t.tenant_id AND el.id = t.id
        WHERE t.tenant_id = e.tenant_id AND t.execution_id = e.id AND t.is_open) AS tasks
    FROM workflow_executions e
    WHERE e.tenant_id = ${ctx.tenant.id} AND e.type_id = ${typeId} ${only ? sql`AND e.id = ${only}::uuid` : sql``} ${visible}
    ORDER BY e.created_at DESC, e.id DESC LIMIT ${BOARD_EXECUTIONS}`)) as unknown as { rows: BoardExec[] };
  return result.rows;
}

/** The board: its executions as cards in columns (cards in no column are left out). */
export async function kanbanBoard(ctx: Ctx, typeId: string, id: string): Promise<TKanbanBoard> {
  const { caller } = signedIn(ctx);
  const { row, typeName, execs, starters, publicIds, graphs } = await ctx.tx(async (tx) => {
    const row = await findKanban(tx, ctx.tenant.id, typeId, id);
    const typeName = await typeOrNotFound(tx, ctx.tenant.id, typeId);
    const execs = await boardExecutions(tx, ctx, typeId);
    const starters = await personSummaries(
      tx,
      ctx.tenant.id,
      execs.map((e) => e.started_by_person_id).filter((p): p is string => p !== null),
    );
    const anonymous = execs.filter((e) => e.started_by_person_id === null).map((e) => e.id);
    const found = anonymous.length
      ? (
          (await tx.execute(sql`SELECT execution_id FROM workflow_public_starts WHERE tenant_id = ${ctx.tenant.id} AND execution_id = ANY(${sql.param(anonymous)}::uuid[])`)) as unknown as {
            rows: { execution_id: string }[];
          }
        ).rows
      : [];
    const versionIds = [...new Set(execs.filter((e) => e.status === 'InProcess').map((e) => e.version_id))];
    const graphs = versionIds.length
      ? await tx
          .select({ id: workflowVersions.id, graph: workflowVersions.graph })
          .from(workflowVersions)
          .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), inArray(workflowVersions.id, versionIds)))
      : [];
    return { row, typeName, execs, starters, publicIds: new Set(found.map((f) => f.execution_id)), graphs: new Map(graphs.map((g) => [g.id, g.graph])) };
  });
  const options = row.cardFields.length ? await kanbanOptions(ctx, typeId) : { fields: [] as ExportField[] };
  const shown = row.cardFields.map((name) => options.fields.find((f) => f.name === name)).filter((f): f is ExportField => f !== undefined);
  const perColumn = new Map<string, number>();
  const cards: TKanbanCard[] = [];
  for (const exec of execs) {
    const column = columnOf(row.columns, exec);
    if (!column) continue;
    const n = perColumn.get(column.id) ?? 0;
    if (n >= CARDS_PER_COLUMN) continue;
    perColumn.set(column.id, n + 1);
    const task = column.kind === 'task' ? exec.tasks?.find((t) => t.bpmn_id === column.value) : exec.tasks?.[0];
    const graph = graphs.get(exec.version_id);
    cards.push({
      execution: exec.id,
      name: exec.name,
      status: exec.status as TKanbanCard['status'],
      column: column.id,
      task: task ? { id: task.id, bpmn_id: task.bpmn_id, name: task.name || task.bpmn_id, form_id: task.form_id, assigned_to_me: task.assignee_ids.includes(caller.personId) } : null,
      fields: shown.map((f) => ({ name: f.name, label: f.label, text: viewText(displayFieldAnswer(f.field, exec.variables, { timeZone: 'UTC' })) })),
      allowed_columns: exec.status === 'InProcess' && task && graph ? allowedColumns(row.columns, nextSteps(graph, task.bpmn_id)).filter((id) => id !== column.id) : [],
      started_by: exec.started_by_person_id ? (starters.get(exec.started_by_person_id)?.name ?? null) : publicIds.has(exec.id) ? PUBLIC_STARTER : null,
      created: new Date(exec.created_at).toISOString(),
    });
  }
  return { kanban: toKanban(row), workflow_type: { id: typeId, name: typeName }, cards, limit_per_column: CARDS_PER_COLUMN };
}

/**
 * What directly follows a user task in the model: the user tasks reached through instant elements
 * (gateways, throw events) and whether an end is reached that way (Success / Error).
 */
export function nextSteps(graph: WfGraph, fromId: string): { tasks: Set<string>; ends: Set<'Success' | 'Error'> } {
  const tasks = new Set<string>();
  const ends = new Set<'Success' | 'Error'>();
  const seen = new Set<string>();
  const queue = graph.flows.filter((f) => f.source === fromId).map((f) => f.target);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = graph.nodes.find((n) => n.id === id);
    if (!node) continue;
    if (node.type === 'UserTask') tasks.add(id);
    else if (node.type === 'SuccessEndEvent') ends.add('Success');
    else if (node.type === 'ErrorEndEvent') ends.add('Error');
    else if (node.type === 'ExclusiveGateway' || node.type === 'ParallelGateway' || node.type === 'MessageIntermediateThrowEvent')
      queue.push(...graph.flows.filter((f) => f.source === id).map((f) => f.target));
    // timers and message catches wait: nothing behind them is "next"
  }
  return { tasks, ends };
}

/** The columns that stand for what follows a task. */
export function allowedColumns(columns: readonly TKanban['columns'][number][], next: ReturnType<typeof nextSteps>): string[] {
  return columns.filter((c) => (c.kind === 'task' ? next.tasks.has(c.value) : c.value !== 'InProcess' && next.ends.has(c.value as 'Success' | 'Error'))).map((c) => c.id);
}

const refused = (detail: string) => coded(409, 'move-not-allowed', detail);

/**
 * Moves a card: completes the task it stands on when the target column is what follows that task in
 * the model. The answer is checked by the forms engine; the move happens in one transaction that is
 * rolled back when the execution did not land in the target column (a gateway chose another way).
 */
export async function moveCard(ctx: Ctx, typeId: string, id: string, input: TKanbanMove): Promise<TKanbanCard | null> {
  const { caller } = signedIn(ctx);
  if (!isUuid(input.execution)) throw notFound('Execution');
  const { row, exec, graph } = await ctx.tx(async (tx) => {
    const row = await findKanban(tx, ctx.tenant.id, typeId, id);
    const [exec] = await boardExecutions(tx, ctx, typeId, input.execution);
    if (!exec) throw notFound('Execution');
    const graph = (await tx.execute(
      sql`SELECT v.graph FROM workflow_versions v JOIN workflow_executions e ON e.tenant_id = v.tenant_id AND e.version_id = v.id WHERE e.tenant_id = ${ctx.tenant.id} AND e.id = ${exec.id}::uuid`,
    )) as unknown as {
      rows: { graph: WfGraph }[];
    };
    return { row, exec, graph: graph.rows[0]!.graph };
  });
  const target = row.columns.find((c) => c.id === input.to_column);
  if (!target) throw invalid('to_column', 'No such column on this board.');
  const from = columnOf(row.columns, exec);
  if (from?.id === target.id) throw refused('The card is already in that column.');
  if (exec.status !== 'InProcess') throw refused('This execution has finished: its card cannot move.');
  const task = from?.kind === 'task' ? exec.tasks?.find((t) => t.bpmn_id === from.value) : exec.tasks?.[0];
  if (!task) throw refused('The card does not stand on a user task: there is no step to complete.');
  const next = nextSteps(graph, task.bpmn_id);
  if (!allowedColumns([target], next).includes(target.id)) throw refused(`"${task.name || task.bpmn_id}" is not followed by that column's step in the model.`);
  if (!task.assignee_ids.includes(caller.personId)) throw new AppError('permission-denied', 'This task is not assigned to you.');
  let stored: Record<string, unknown> = input.response ?? {};
  if (task.form_id) {
    if (!input.response) throw coded(409, 'form-required', 'This step has a form: answer it to move the card.', { task: task.id, form_id: task.form_id });
    stored = await checkedAnswer(ctx, task.form_id, input.response);
  }
  await ctx.tx(
    async (tx) => {
      const locked = await lockExecution(tx, ctx.tenant.id, exec.id);
      if (!locked) throw notFound('Execution');
      const result = await completeTask(ctx.platform, tx, { tenantId: ctx.tenant.id, exec: locked, taskId: task.id, byPersonId: caller.personId, variables: stored });
      if (!result.moved) throw coded(409, 'task-closed', 'This task is already closed.');
      await tx.insert(workflowTaskResponses).values({ tenantId: ctx.tenant.id, taskId: task.id, response: stored, personId: caller.personId });
      // the caller answered one of its tasks, so it still sees the execution
      const [after] = await boardExecutions(tx, ctx, typeId, exec.id);
      if (!after || columnOf(row.columns, after)?.id !== target.id) throw refused('The model took this execution elsewhere (a gateway chose another way): nothing was changed.');
    },
    { audit: 'workflows.kanban.move', subject: exec.id, details: { kanban: id, to_column: target.id, task: task.id } },
  );
  const board = await kanbanBoard(ctx, typeId, id);
  return board.cards.find((c) => c.execution === exec.id) ?? null;
}
