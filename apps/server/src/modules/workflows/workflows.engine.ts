import { randomUUID } from 'node:crypto';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { parseShowIf, showIfHolds, type ShowIfNode } from '@faena/domain';
import { isUuid } from '../../platform/ids.ts';
import { type WfGraph, type WfNode, nextCycleFiring, parseIsoDuration, parseTimerCycle, timerDueAt } from '@faena/domain/workflows/index';
import type { Drizzle } from '../../platform/db/database.ts';
import type { Platform } from '../../platform/platform.ts';
import { resolveAudience } from '../audiences/index.ts';
import { holdFiles, NO_ONE, uploadIdsIn } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { enabledPersonIdsSql, findPersonByPassport, personSummaries } from '../people/index.ts';
import { publishBoardChange } from './workflows.kanban-stream.ts';
import { workflowElements, workflowExecutions, workflowHistory, workflowMessageDeliveries, workflowTokens, workflowUserTasks, workflowVersionElements, workflowVersions } from './workflows.table.ts';
import { EXECUTION_HOLDER } from './workflows.files.ts';

/**
 * The token interpreter (decision 021). A step is one transaction that first locks the
 * execution row (SELECT … FOR UPDATE), then moves one token: it leaves the element where the
 * token waited and walks through the instant elements (start events, gateways, throws, ends)
 * until every branch waits again (user task, timer, message catch, parallel join) or ends.
 * Only waiting tokens are rows; a step that finds its token gone (answered, fired, interrupted)
 * does nothing, so a job run twice, or two processes racing, move a token once.
 */

export const TIMER_QUEUE = 'workflows.timer';
export const MESSAGE_QUEUE = 'workflows.message';
export const DUE_SOON_QUEUE = 'workflows.due-soon';
/** How long before its due time a task with `due_soon` in faena:notify reminds its people. */
const DUE_SOON_BEFORE_MS = 3_600_000;

export interface DueSoonJob {
  tenantId: string;
  taskId: string;
}
/** Instant elements one step may pass through before the execution is stopped as looping. */
const MAX_ELEMENTS_PER_STEP = 1000;

export type ExecutionRow = typeof workflowExecutions.$inferSelect;

export interface TimerJob {
  tenantId: string;
  executionId: string;
  tokenId: string;
  /** The timer element: an intermediate catch, or a boundary event on the token's user task. */
  bpmnId: string;
  kind: 'catch' | 'boundary';
  /** A boundary that leaves its task open (cancelActivity="false"); absent on interrupting ones. */
  interrupting?: false;
  /** A non-interrupting cycle: when it was armed (ms) and which repetition (1-based) this job is. */
  cycle?: { origin: number; k: number };
}

export interface MessageJob {
  tenantId: string;
  name: string;
  correlation: string | null;
  variables: Record<string, unknown>;
  /** A thrown message's key (the throw's element record): delivered once however often the job runs. */
  key?: string;
}

const graphs = new Map<string, WfGraph>();

/** The graph of a version; published versions never change, so it is kept in memory. */
export async function versionGraph(tx: Drizzle, tenantId: string, versionId: string): Promise<WfGraph> {
  const key = `${tenantId}:${versionId}`;
  const cached = graphs.get(key);
  if (cached) return cached;
  const [row] = await tx
    .select({ graph: workflowVersions.graph, isPublished: workflowVersions.isPublished })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), eq(workflowVersions.id, versionId)));
  if (!row) throw new Error(`workflow version ${versionId} not found`);
  if (row.isPublished) graphs.set(key, row.graph);
  return row.graph;
}

const conditions = new Map<string, ShowIfNode>();
function holds(condition: string, variables: Record<string, unknown>): boolean {
  let ast = conditions.get(condition);
  if (!ast) {
    ast = parseShowIf(condition);
    if (conditions.size > 5000) conditions.clear();
    conditions.set(condition, ast);
  }
  return showIfHolds(ast, variables);
}

interface Step {
  tx: Drizzle;
  platform: Platform;
  tenantId: string;
  exec: ExecutionRow;
  graph: WfGraph;
  byPersonId: string | null;
  variablesChanged: boolean;
  budget: number;
  /** Tokens this step left waiting (no need to count them to know the execution goes on). */
  waits: number;
  /** User tasks this step opened. */
  opened: string[];
  /** Rows written at the end of the step in one statement per table (ids are made here). */
  pending: {
    elements: (typeof workflowElements.$inferInsert)[];
    tasks: (typeof workflowUserTasks.$inferInsert)[];
    tokens: (typeof workflowTokens.$inferInsert)[];
    history: (typeof workflowHistory.$inferInsert)[];
  };
}

/** Writes the rows the step buffered; called before anything reads them and at the end. */
async function flush(s: Step): Promise<void> {
  const { elements, tasks, tokens, history } = s.pending;
  const inserts: SQL[] = [];
  if (elements.length) inserts.push(s.tx.insert(workflowElements).values(elements.splice(0)).getSQL());
  if (tasks.length) inserts.push(s.tx.insert(workflowUserTasks).values(tasks.splice(0)).getSQL());
  if (tokens.length) inserts.push(s.tx.insert(workflowTokens).values(tokens.splice(0)).getSQL());
  if (history.length) inserts.push(s.tx.insert(workflowHistory).values(history.splice(0)).getSQL());
  if (inserts.length === 0) return;
  // one round trip: every insert but the last in a data-modifying WITH (no keys between them)
  const last = inserts.pop()!;
  await s.tx.execute(
    inserts.length === 0
      ? last
      : sql`WITH ${sql.join(
          inserts.map((q, i) => sql`${sql.raw(`w${i}`)} AS (${q})`),
          sql`, `,
        )} ${last}`,
  );
}

/** Rows of one step get increasing times in the order they happened (one transaction has one now()). */
function stamp(): Date {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return new Date(lastStamp);
}
let lastStamp = 0;

export async function lockExecution(tx: Drizzle, tenantId: string, executionId: string): Promise<ExecutionRow | null> {
  const [row] = await tx
    .select()
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.tenantId, tenantId), eq(workflowExecutions.id, executionId)))
    .for('update');
  return row ?? null;
}

async function history(s: Step, action: string, node: WfNode | null, detail: Record<string, unknown> = {}, type?: string): Promise<void> {
  s.pending.history.push({
    id: randomUUID(),
    at: stamp(),
    tenantId: s.tenantId,
    executionId: s.exec.id,
    action,
    bpmnId: node?.id ?? null,
    elementType: type ?? node?.type ?? null,
    personId: s.byPersonId,
    detail,
  });
}

async function recordElement(s: Step, node: WfNode, active: boolean, attachedTo: string | null = null): Promise<string> {
  const id = randomUUID();
  const at = stamp();
  s.pending.elements.push({
    id,
    tenantId: s.tenantId,
    executionId: s.exec.id,
    bpmnId: node.id,
    name: node.name,
    type: node.type ?? 'undefined',
    isActive: active,
    attachedTo,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

const nodeOf = (s: Step, id: string): WfNode => {
  const node = s.graph.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`element ${id} is not in the model`);
  return node;
};
const outgoing = (s: Step, id: string) => s.graph.flows.filter((f) => f.source === id);

/** The persons among `values` (person ids or passports — passports are UUIDs too); `rest`: the values that are neither. */
async function peopleAmong(tx: Drizzle, tenantId: string, values: readonly string[]): Promise<{ ids: Set<string>; rest: string[] }> {
  const persons = await personSummaries(tx, tenantId, values.filter(isUuid));
  const ids = new Set(persons.keys());
  const rest: string[] = [];
  for (const v of values.filter((x) => !persons.has(x))) {
    const person = await findPersonByPassport(tx, tenantId, v);
    if (person) ids.add(person.id);
    else rest.push(v);
  }
  return { ids, rest };
}

/** The enabled persons among `ids`, in their order: a disabled person, or an id that is no person of the tenant, does no task. */
async function enabledAmong(tx: Drizzle, tenantId: string, ids: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  const result = (await tx.execute(enabledPersonIdsSql(tenantId, sql`${sql.param(wanted)}::uuid[]`, null))) as unknown as { rows: { id: string }[] };
  const enabled = new Set(result.rows.map((row) => row.id));
  return wanted.filter((id) => enabled.has(id));
}

/** The assignee kinds of a user task (faena:assigneeType; anything else is the starter, as in resolveAssignees). */
type AssigneeKind = 'people' | 'positions' | 'audience' | 'variable' | 'starter';
const assigneeKind = (node: WfNode): AssigneeKind => {
  const type = node.assigneeType ?? 'starter';
  return type === 'people' || type === 'positions' || type === 'audience' || type === 'variable' ? type : 'starter';
};

/** Everyone a user task goes to (spec shell §3: variables of type user/users/venue/venues): enabled persons only. */
export async function resolveAssignees(
  tx: Drizzle,
  tenantId: string,
  node: WfNode,
  exec: Pick<ExecutionRow, 'startedByPersonId' | 'variables'> & Partial<Pick<ExecutionRow, 'typeId'>>,
): Promise<string[]> {
  const list = (node.assignees ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const rules = (over: { positions?: string[]; venues?: string[] }) => ({ positions: over.positions ?? [], venues: over.venues ?? [], business_lines: [], persons: [] });
  switch (assigneeKind(node)) {
    case 'people': {
      // the modeler's picker writes person ids; models written before it (and the API) name passports
      const { ids } = await peopleAmong(tx, tenantId, list);
      return enabledAmong(tx, tenantId, ids);
    }
    case 'positions':
      return resolveAudience(tx, tenantId, rules({ positions: list.filter(isUuid) }) as Parameters<typeof resolveAudience>[2]);
    case 'audience':
      return list[0] ? resolveAudience(tx, tenantId, list[0]) : [];
    case 'variable': {
      const raw = list[0] ? exec.variables[list[0]] : undefined;
      const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v): string[] => {
        if (typeof v === 'string') return [v];
        if (v && typeof v === 'object') {
          const o = v as Record<string, unknown>;
          return [o.id, o.passport, o.value].filter((x): x is string => typeof x === 'string');
        }
        return [];
      });
      const { ids, rest } = await peopleAmong(tx, tenantId, values);
      // a value that is neither a person id nor a passport may be a venue
      const venues = rest.filter(isUuid);
      if (venues.length > 0) for (const id of await resolveAudience(tx, tenantId, rules({ venues }) as Parameters<typeof resolveAudience>[2])) ids.add(id);
      return enabledAmong(tx, tenantId, ids);
    }
    case 'starter': {
      if (exec.startedByPersonId) return enabledAmong(tx, tenantId, [exec.startedByPersonId]);
      // started through a public link (decision 025): the type's owner stands in for the anonymous starter
      const owner = exec.typeId ? await typeOwner(tx, tenantId, exec.typeId) : null;
      return owner ? enabledAmong(tx, tenantId, [owner]) : [];
    }
  }
}

/** The process owner: the person who created the workflow type. */
async function typeOwner(tx: Drizzle, tenantId: string, typeId: string): Promise<string | null> {
  const owner = (await tx.execute(sql`SELECT created_by_person_id AS id FROM workflow_types WHERE tenant_id = ${tenantId} AND id = ${typeId}`)) as unknown as {
    rows: { id: string | null }[];
  };
  return owner.rows[0]?.id ?? null;
}

/** Why a user task resolved to nobody when it was reached (decision 034), by assignee kind. */
export type UnassignedReason = 'variable-empty' | 'variable-names-nobody' | 'assignees-disabled' | 'position-empty' | 'audience-empty' | 'starter-disabled';

/** What the owner is told (notification body), by reason. */
const UNASSIGNED_WHY: Record<UnassignedReason, (variable: string) => string> = {
  'variable-empty': (variable) => `La variable «${variable}» estaba vacía`,
  'variable-names-nobody': (variable) => `La variable «${variable}» no nombraba a ninguna persona activa`,
  'assignees-disabled': () => 'Las personas asignadas están desactivadas o ya no existen',
  'position-empty': () => 'Nadie activo ocupa los puestos asignados',
  'audience-empty': () => 'La audiencia asignada no incluye a ninguna persona activa',
  'starter-disabled': () => 'Quien inició el proceso está desactivado',
};

/**
 * Who does a user task that resolves to nobody when it is reached, whatever its assignee kind
 * (decision 034: a variable empty or naming no enabled person, named people all disabled or gone,
 * a position nobody enabled holds, an empty audience, a disabled starter): the process owner (else
 * the starter) when enabled, told why, so the task never waits unseen. Null when the task has its
 * people; `to` is empty only when neither owner nor starter is enabled.
 */
async function unassignedFallback(s: Step, node: WfNode, assignees: string[]): Promise<{ kind: AssigneeKind; variable: string | null; reason: UnassignedReason; to: string[] } | null> {
  if (assignees.length > 0) return null;
  const kind = assigneeKind(node);
  let variable: string | null = null;
  let reason: UnassignedReason;
  if (kind === 'variable') {
    variable = (node.assignees ?? '').split(',')[0]!.trim();
    const value = variable ? s.exec.variables[variable] : undefined;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    reason = empty ? 'variable-empty' : 'variable-names-nobody';
  } else reason = kind === 'people' ? 'assignees-disabled' : kind === 'positions' ? 'position-empty' : kind === 'audience' ? 'audience-empty' : 'starter-disabled';
  const owner = await typeOwner(s.tx, s.tenantId, s.exec.typeId);
  const [to] = await enabledAmong(
    s.tx,
    s.tenantId,
    [owner, s.exec.startedByPersonId].filter((id): id is string => !!id),
  );
  return { kind, variable, reason, to: to ? [to] : [] };
}

/** Where a task's notification opens: the execution's detail with the task's form (web taskPath). */
export const taskLink = (exec: { id: string; typeId: string; versionId: string }, taskId: string): string => `/workflows/${exec.typeId}/executions/${exec.versionId}/${exec.id}?task=${taskId}`;

/** The notification events of a user task (faena:notify; `assigned` when unset). */
const notifyEvents = (node: WfNode): string[] => (node.notify ?? 'assigned').split(',').map((v) => v.trim());

/** A due-soon reminder: the task's people, once, if it is still open. */
export async function remindDueSoon(platform: Platform, job: DueSoonJob): Promise<boolean> {
  return platform.db.transaction(job.tenantId, async (tx) => {
    const [task] = await tx
      .select()
      .from(workflowUserTasks)
      .where(and(eq(workflowUserTasks.tenantId, job.tenantId), eq(workflowUserTasks.id, job.taskId)))
      .for('update');
    if (!task || !task.isOpen || task.assigneeIds.length === 0) return false;
    // once per task, however many times the job runs (the task row lock orders the runs)
    const [sent] = await tx
      .select({ id: workflowHistory.id })
      .from(workflowHistory)
      .where(
        and(
          eq(workflowHistory.tenantId, job.tenantId),
          eq(workflowHistory.executionId, task.executionId),
          eq(workflowHistory.action, 'task-due-soon'),
          sql`${workflowHistory.detail}->>'task' = ${task.id}`,
        ),
      )
      .limit(1);
    if (sent) return false;
    await tx.insert(workflowHistory).values({ tenantId: job.tenantId, executionId: task.executionId, action: 'task-due-soon', elementType: 'UserTask', detail: { task: task.id }, at: stamp() });
    const [exec] = await tx
      .select({ id: workflowExecutions.id, typeId: workflowExecutions.typeId, versionId: workflowExecutions.versionId })
      .from(workflowExecutions)
      .where(and(eq(workflowExecutions.tenantId, job.tenantId), eq(workflowExecutions.id, task.executionId)));
    await notify(platform, tx, {
      tenantId: job.tenantId,
      personIds: task.assigneeIds,
      kind: 'system_update',
      title: `Vence pronto: ${task.summary || 'Actividad de usuario'}`,
      context: { type: 'Workflow', action: 'task_due_soon', id: task.id, path: exec ? taskLink(exec, task.id) : null },
    });
    return true;
  });
}

async function createUserTask(s: Step, node: WfNode): Promise<void> {
  const elementId = await recordElement(s, node, true);
  let assignees = await resolveAssignees(s.tx, s.tenantId, node, s.exec);
  const fallback = await unassignedFallback(s, node, assignees);
  if (fallback) assignees = fallback.to;
  const dueMs = node.dueIn ? parseIsoDuration(node.dueIn) : null;
  s.pending.tasks.push({
    tenantId: s.tenantId,
    id: elementId,
    executionId: s.exec.id,
    assigneeIds: assignees,
    formId: node.formId && isUuid(node.formId) ? node.formId : null,
    summary: node.name,
    description: '',
    dueAt: dueMs === null ? null : new Date(Date.now() + dueMs),
    createdAt: stamp(),
  });
  const token = { id: randomUUID() };
  s.pending.tokens.push({ id: token.id, tenantId: s.tenantId, executionId: s.exec.id, bpmnId: node.id, waitKind: 'task', elementId });
  s.waits++;
  s.opened.push(elementId);
  for (const boundary of s.graph.nodes.filter((n) => n.type === 'TimerBoundaryEvent' && n.attachedTo === node.id && n.timer)) await armBoundary(s, boundary, token.id);
  if (fallback)
    await history(s, 'task-unassigned', node, {
      task: elementId,
      kind: fallback.kind,
      ...(fallback.variable === null ? {} : { variable: fallback.variable }),
      reason: fallback.reason,
      assigned_to: fallback.to,
    });
  await history(s, 'task-created', node, { task: elementId, assignees });
  const notifyOn = notifyEvents(node);
  if (fallback && assignees.length > 0) {
    // the owner is told why the task came to them, whatever the task's notification settings
    await notify(s.platform, s.tx, {
      tenantId: s.tenantId,
      personIds: assignees,
      kind: 'system_update',
      title: `Actividad sin responsable: ${node.name || 'Actividad de usuario'}`,
      body: `${UNASSIGNED_WHY[fallback.reason](fallback.variable ?? '')} al llegar a esta actividad de ${s.exec.name}: quedó asignada a ti para que la realices o la resuelvas.`,
      context: { type: 'Workflow', action: 'task_unassigned', id: elementId, path: taskLink(s.exec, elementId) },
    });
  }
  if (dueMs !== null && notifyOn.includes('due_soon') && assignees.length > 0) {
    const job: DueSoonJob = { tenantId: s.tenantId, taskId: elementId };
    await s.platform.jobs.send(s.tx, DUE_SOON_QUEUE, job, { startAfter: new Date(Math.max(Date.now(), Date.now() + dueMs - DUE_SOON_BEFORE_MS)) });
  }
  if (assignees.length > 0 && notifyOn.includes('assigned') && !fallback) {
    await notify(s.platform, s.tx, {
      tenantId: s.tenantId,
      personIds: assignees,
      kind: 'system_update',
      title: `Nueva actividad: ${node.name || 'Actividad de usuario'}`,
      body: s.exec.name,
      context: { type: 'Workflow', action: 'task_assigned', id: elementId, path: taskLink(s.exec, elementId) },
    });
  }
}

/**
 * A boundary timer's first job, sent in the step's transaction. An interrupting one fires once (a
 * cycle at its first period); a non-interrupting cycle fires every period while the task is open,
 * each job sending the next one in its own transaction (fireTimer).
 */
async function armBoundary(s: Step, boundary: WfNode, tokenId: string): Promise<void> {
  const now = Date.now();
  const base: TimerJob = { tenantId: s.tenantId, executionId: s.exec.id, tokenId, bpmnId: boundary.id, kind: 'boundary' };
  const cycle = boundary.cancelActivity === false && boundary.timer!.kind === 'cycle' ? parseTimerCycle(boundary.timer!.value) : null;
  if (cycle) {
    const first = nextCycleFiring(cycle, now, 1, now);
    if (first) await s.platform.jobs.send(s.tx, TIMER_QUEUE, { ...base, interrupting: false, cycle: { origin: now, k: first.k } } satisfies TimerJob, { startAfter: new Date(first.at) });
    return;
  }
  const at = timerDueAt(boundary.timer!, now);
  if (at === null) return;
  const job: TimerJob = boundary.cancelActivity === false ? { ...base, interrupting: false } : base;
  await s.platform.jobs.send(s.tx, TIMER_QUEUE, job, { startAfter: new Date(at) });
}

async function finish(s: Step, status: 'Success' | 'Error', node: WfNode | null, reason?: string): Promise<void> {
  if (s.exec.status !== 'InProcess') return;
  await flush(s);
  s.exec.status = status;
  if (status === 'Error') {
    // an error end stops every branch: waiting tokens go, open tasks close unanswered
    await s.tx.delete(workflowTokens).where(and(eq(workflowTokens.tenantId, s.tenantId), eq(workflowTokens.executionId, s.exec.id)));
    await s.tx
      .update(workflowUserTasks)
      .set({ isOpen: false, successfullyCompleted: false, updatedAt: new Date() })
      .where(and(eq(workflowUserTasks.tenantId, s.tenantId), eq(workflowUserTasks.executionId, s.exec.id), eq(workflowUserTasks.isOpen, true)));
    await s.tx
      .update(workflowElements)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(workflowElements.tenantId, s.tenantId), eq(workflowElements.executionId, s.exec.id), eq(workflowElements.isActive, true)));
  }
  await s.tx
    .update(workflowExecutions)
    .set({ status, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(workflowExecutions.tenantId, s.tenantId), eq(workflowExecutions.id, s.exec.id)));
  await history(s, status === 'Success' ? 'execution-succeeded' : 'execution-failed', node, reason ? { reason } : {});
}

/** Walks from `start` (entering it) through instant elements; stops where tokens wait. */
async function walk(s: Step, startIds: string[]): Promise<void> {
  const queue = [...startIds];
  while (queue.length > 0 && s.exec.status === 'InProcess') {
    if (--s.budget < 0) {
      await finish(s, 'Error', null, 'loop');
      return;
    }
    const node = nodeOf(s, queue.shift()!);
    const follow = () => {
      for (const flow of outgoing(s, node.id)) queue.push(flow.target);
    };
    switch (node.type) {
      case 'VanillaStartEvent':
      case 'MessageStartEvent':
        await recordElement(s, node, false);
        await history(s, 'started', node);
        follow();
        break;
      case 'UserTask':
        await createUserTask(s, node);
        break;
      case 'TimerIntermediateCatchEvent': {
        const elementId = await recordElement(s, node, true);
        const at = node.timer ? timerDueAt(node.timer, Date.now()) : null;
        if (at === null) {
          await finish(s, 'Error', node, 'invalid-timer');
          return;
        }
        const tokenId = randomUUID();
        s.pending.tokens.push({ id: tokenId, tenantId: s.tenantId, executionId: s.exec.id, bpmnId: node.id, waitKind: 'timer', elementId });
        s.waits++;
        const job: TimerJob = { tenantId: s.tenantId, executionId: s.exec.id, tokenId, bpmnId: node.id, kind: 'catch' };
        await s.platform.jobs.send(s.tx, TIMER_QUEUE, job, { startAfter: new Date(at) });
        await history(s, 'timer-waiting', node, { until: new Date(at).toISOString() });
        break;
      }
      case 'MessageIntermediateCatchEvent': {
        const elementId = await recordElement(s, node, true);
        const correlation = correlationOf(node, s.exec.variables);
        s.pending.tokens.push({ tenantId: s.tenantId, executionId: s.exec.id, bpmnId: node.id, waitKind: 'message', elementId, messageName: node.messageName ?? '', correlation });
        s.waits++;
        await history(s, 'message-waiting', node, { message: node.messageName, correlation });
        break;
      }
      case 'MessageIntermediateThrowEvent': {
        const key = await recordElement(s, node, false);
        const job: MessageJob = { tenantId: s.tenantId, name: node.messageName ?? '', correlation: correlationOf(node, s.exec.variables), variables: {}, key };
        await s.platform.jobs.send(s.tx, MESSAGE_QUEUE, job);
        await history(s, 'message-sent', node, { message: job.name, correlation: job.correlation });
        follow();
        break;
      }
      case 'ParallelGateway': {
        const incoming = s.graph.flows.filter((f) => f.target === node.id).length;
        if (incoming > 1) {
          s.pending.tokens.push({ tenantId: s.tenantId, executionId: s.exec.id, bpmnId: node.id, waitKind: 'join' });
          await flush(s);
          const [arrived] = await s.tx
            .select({ n: count() })
            .from(workflowTokens)
            .where(and(eq(workflowTokens.tenantId, s.tenantId), eq(workflowTokens.executionId, s.exec.id), eq(workflowTokens.bpmnId, node.id), eq(workflowTokens.waitKind, 'join')));
          if ((arrived?.n ?? 0) < incoming) {
            s.waits++;
            await history(s, 'join-waiting', node, { arrived: arrived?.n ?? 0, expected: incoming });
            break;
          }
          await s.tx
            .delete(workflowTokens)
            .where(and(eq(workflowTokens.tenantId, s.tenantId), eq(workflowTokens.executionId, s.exec.id), eq(workflowTokens.bpmnId, node.id), eq(workflowTokens.waitKind, 'join')));
        }
        await recordElement(s, node, false);
        await history(s, 'passed', node);
        follow();
        break;
      }
      case 'ExclusiveGateway': {
        await recordElement(s, node, false);
        const flows = outgoing(s, node.id);
        let chosen = flows.find((f) => f.id !== node.defaultFlow && f.condition !== null && safeHolds(f.condition, s.exec.variables));
        chosen ??= flows.find((f) => f.id === node.defaultFlow) ?? (flows.length === 1 && flows[0]!.condition === null ? flows[0] : undefined);
        if (!chosen) {
          await history(s, 'no-path', node);
          await finish(s, 'Error', node, 'no-path');
          return;
        }
        await history(s, 'passed', node, { flow: chosen.id });
        queue.push(chosen.target);
        break;
      }
      case 'SuccessEndEvent':
        await recordElement(s, node, false);
        await history(s, 'ended', node);
        break;
      case 'ErrorEndEvent':
        await recordElement(s, node, false);
        await finish(s, 'Error', node, 'error-end');
        return;
      default:
        await finish(s, 'Error', node, 'unsupported-element');
        return;
    }
  }
}

function safeHolds(condition: string, variables: Record<string, unknown>): boolean {
  try {
    return holds(condition, variables);
  } catch {
    return false;
  }
}

function correlationOf(node: WfNode, variables: Record<string, unknown>): string | null {
  if (!node.correlationKey) return null;
  const value = variables[node.correlationKey];
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Ends the step: variables written, and Success when nothing waits any more. */
async function settle(s: Step): Promise<void> {
  await flush(s);
  if (s.exec.status === 'InProcess' && s.waits === 0) {
    const [left] = await s.tx
      .select({ n: count() })
      .from(workflowTokens)
      .where(and(eq(workflowTokens.tenantId, s.tenantId), eq(workflowTokens.executionId, s.exec.id)));
    if ((left?.n ?? 0) === 0) await finish(s, 'Success', null);
  }
  await flush(s);
  // open kanban boards of the type read themselves again once this step commits
  await publishBoardChange(s.platform, s.tx, s.tenantId, s.exec.typeId);
  if (s.variablesChanged)
    await s.tx
      .update(workflowExecutions)
      .set({ variables: s.exec.variables, updatedAt: new Date() })
      .where(and(eq(workflowExecutions.tenantId, s.tenantId), eq(workflowExecutions.id, s.exec.id)));
}

function newStep(platform: Platform, tx: Drizzle, tenantId: string, exec: ExecutionRow, graph: WfGraph, byPersonId: string | null): Step {
  return {
    tx,
    platform,
    tenantId,
    exec,
    graph,
    byPersonId,
    variablesChanged: false,
    budget: MAX_ELEMENTS_PER_STEP,
    waits: 0,
    opened: [],
    pending: { elements: [], tasks: [], tokens: [], history: [] },
  };
}

/** Starts an execution (inside the caller's transaction) at a start event of a published version. */
export async function startExecution(
  platform: Platform,
  tx: Drizzle,
  input: { tenantId: string; typeId: string; versionId: string; name: string; startedBy: string | null; variables: Record<string, unknown>; startId: string },
): Promise<ExecutionRow & { opened: string[] }> {
  const [exec] = await tx
    .insert(workflowExecutions)
    .values({ tenantId: input.tenantId, typeId: input.typeId, versionId: input.versionId, name: input.name, startedByPersonId: input.startedBy, variables: input.variables })
    .returning();
  // the execution holds the files of its start form (decision 032); a signed-out start attaches none
  await holdFiles(tx, input.tenantId, { kind: EXECUTION_HOLDER, id: exec!.id }, uploadIdsIn(input.variables), { by: input.startedBy ?? NO_ONE });
  const graph = await versionGraph(tx, input.tenantId, input.versionId);
  const s = newStep(platform, tx, input.tenantId, exec!, graph, input.startedBy);
  await history(s, 'execution-started', null, { version: input.versionId });
  await walk(s, [input.startId]);
  await settle(s);
  return { ...s.exec, opened: s.opened };
}

/** `closed` when the task was answered, expired or stopped meanwhile; `opened`: the user tasks the step opened. */
export type TaskStepResult = { moved: true; opened: string[] } | { moved: false };

/**
 * Completes a user task with its (already validated) answer inside `tx`: the caller locked the
 * execution row. `closed` when the task was answered, expired or stopped meanwhile.
 */
export async function completeTask(
  platform: Platform,
  tx: Drizzle,
  input: { tenantId: string; exec: ExecutionRow; taskId: string; byPersonId: string; variables: Record<string, unknown> },
): Promise<TaskStepResult> {
  if (input.exec.status !== 'InProcess') return { moved: false };
  // the token goes (its row lock taken by the DELETE); none left means the task is closed
  const [token] = await tx
    .delete(workflowTokens)
    .where(and(eq(workflowTokens.tenantId, input.tenantId), eq(workflowTokens.executionId, input.exec.id), eq(workflowTokens.elementId, input.taskId), eq(workflowTokens.waitKind, 'task')))
    .returning({ bpmnId: workflowTokens.bpmnId });
  if (!token) return { moved: false };
  const graph = await versionGraph(tx, input.tenantId, input.exec.versionId);
  const s = newStep(platform, tx, input.tenantId, input.exec, graph, input.byPersonId);
  const node = nodeOf(s, token.bpmnId);
  s.exec.variables = { ...s.exec.variables, ...input.variables };
  await holdFiles(tx, input.tenantId, { kind: EXECUTION_HOLDER, id: input.exec.id }, uploadIdsIn(input.variables), { by: input.byPersonId });
  // the task, its element record and the execution's variables in one statement
  await tx.execute(sql`WITH t AS (UPDATE workflow_user_tasks SET is_open = false, successfully_completed = true, updated_at = now() WHERE tenant_id = ${input.tenantId} AND id = ${input.taskId}),
    v AS (UPDATE workflow_executions SET variables = ${JSON.stringify(s.exec.variables)}::jsonb, updated_at = now() WHERE tenant_id = ${input.tenantId} AND id = ${input.exec.id})
    UPDATE workflow_elements SET is_active = false, updated_at = now() WHERE tenant_id = ${input.tenantId} AND id = ${input.taskId}`);
  await history(s, 'task-completed', node, { task: input.taskId });
  if (notifyEvents(node).includes('completed') && input.exec.startedByPersonId && input.exec.startedByPersonId !== input.byPersonId)
    await notify(platform, tx, {
      tenantId: input.tenantId,
      personIds: [input.exec.startedByPersonId],
      kind: 'system_update',
      title: `Actividad completada: ${node.name || 'Actividad de usuario'}`,
      body: input.exec.name,
      context: { type: 'Workflow', action: 'task_completed', id: input.taskId, path: taskLink(input.exec, input.taskId) },
    });
  await walk(
    s,
    outgoing(s, node.id).map((f) => f.target),
  );
  await settle(s);
  return { moved: true, opened: s.opened };
}

/** A timer job: fires once if its token still waits (a task answered before the boundary leaves no token). */
export async function fireTimer(platform: Platform, job: TimerJob): Promise<boolean> {
  return platform.db.transaction(job.tenantId, async (tx) => {
    const exec = await lockExecution(tx, job.tenantId, job.executionId);
    if (!exec || exec.status !== 'InProcess') return false;
    const [token] = await tx
      .select()
      .from(workflowTokens)
      .where(and(eq(workflowTokens.tenantId, job.tenantId), eq(workflowTokens.id, job.tokenId)))
      .for('update');
    if (!token) return false;
    const graph = await versionGraph(tx, job.tenantId, exec.versionId);
    const s = newStep(platform, tx, job.tenantId, exec, graph, null);
    const timer = nodeOf(s, job.bpmnId);
    if (job.kind === 'boundary' && job.interrupting === false) return fireNonInterrupting(s, job, timer, token.bpmnId);
    await tx.delete(workflowTokens).where(and(eq(workflowTokens.tenantId, job.tenantId), eq(workflowTokens.id, token.id)));
    if (job.kind === 'catch') {
      if (token.elementId)
        await tx
          .update(workflowElements)
          .set({ isActive: false, updatedAt: new Date() })
          .where(and(eq(workflowElements.tenantId, job.tenantId), eq(workflowElements.id, token.elementId)));
      await history(s, 'timer-fired', timer);
    } else {
      // interrupting boundary: the task expires (spec §4 element type undefined_expired)
      const taskId = token.elementId!;
      await tx
        .update(workflowUserTasks)
        .set({ isOpen: false, successfullyCompleted: false, updatedAt: new Date() })
        .where(and(eq(workflowUserTasks.tenantId, job.tenantId), eq(workflowUserTasks.id, taskId)));
      await tx
        .update(workflowElements)
        .set({ isActive: false, type: 'undefined_expired', updatedAt: new Date() })
        .where(and(eq(workflowElements.tenantId, job.tenantId), eq(workflowElements.id, taskId)));
      await history(s, 'task-expired', nodeOf(s, token.bpmnId), { task: taskId }, 'undefined_expired');
      await recordElement(s, timer, false, token.bpmnId);
      await history(s, 'timer-fired', timer);
    }
    await walk(
      s,
      outgoing(s, timer.id).map((f) => f.target),
    );
    await settle(s);
    return true;
  });
}

/**
 * A non-interrupting boundary: the task stays open (its token stays) and a new branch leaves the
 * boundary event. Each firing is recorded once per (token, repetition) — a job run again after its
 * commit finds its history row and does nothing — and the next repetition's job is sent in the
 * same transaction, so a cycle fires once per period, across restarts, until the task closes.
 */
async function fireNonInterrupting(s: Step, job: TimerJob, timer: WfNode, taskBpmnId: string): Promise<boolean> {
  const k = job.cycle?.k ?? 1;
  const [fired] = await s.tx
    .select({ id: workflowHistory.id })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.tenantId, s.tenantId),
        eq(workflowHistory.executionId, s.exec.id),
        eq(workflowHistory.action, 'timer-fired'),
        sql`${workflowHistory.detail}->>'token' = ${job.tokenId} AND ${workflowHistory.detail}->>'cycle' = ${String(k)}`,
      ),
    )
    .limit(1);
  if (fired) return false;
  await recordElement(s, timer, false, taskBpmnId);
  await history(s, 'timer-fired', timer, { token: job.tokenId, cycle: k });
  const cycle = job.cycle && timer.timer?.kind === 'cycle' ? parseTimerCycle(timer.timer.value) : null;
  const next = cycle && job.cycle ? nextCycleFiring(cycle, job.cycle.origin, k + 1, Date.now()) : null;
  if (next && job.cycle) await s.platform.jobs.send(s.tx, TIMER_QUEUE, { ...job, cycle: { origin: job.cycle.origin, k: next.k } } satisfies TimerJob, { startAfter: new Date(next.at) });
  await walk(
    s,
    outgoing(s, timer.id).map((f) => f.target),
  );
  await settle(s);
  return true;
}

/**
 * Delivers a message inside `tx`: every token waiting for it (same name, same correlation)
 * moves on with the message's variables, and every active version with a message start of
 * that name starts. Returns how many executions it reached.
 */
export async function deliverMessage(platform: Platform, tx: Drizzle, job: MessageJob, byPersonId: string | null): Promise<number> {
  let delivered = 0;
  if (job.key !== undefined) {
    // exactly once in effect: a second run of the same throw (a retried job) conflicts here and
    // delivers nothing; a concurrent one waits on the key until the first commits
    const [first] = await tx.insert(workflowMessageDeliveries).values({ tenantId: job.tenantId, key: job.key }).onConflictDoNothing().returning({ key: workflowMessageDeliveries.key });
    if (!first) return 0;
  }
  const waiting = await tx
    .select({ id: workflowTokens.id, executionId: workflowTokens.executionId })
    .from(workflowTokens)
    .where(
      and(
        eq(workflowTokens.tenantId, job.tenantId),
        eq(workflowTokens.messageName, job.name),
        eq(workflowTokens.waitKind, 'message'),
        job.correlation === null ? sql`${workflowTokens.correlation} IS NULL` : eq(workflowTokens.correlation, job.correlation),
      ),
    );
  for (const w of waiting) {
    const exec = await lockExecution(tx, job.tenantId, w.executionId);
    if (!exec || exec.status !== 'InProcess') continue;
    const [token] = await tx
      .select()
      .from(workflowTokens)
      .where(and(eq(workflowTokens.tenantId, job.tenantId), eq(workflowTokens.id, w.id)))
      .for('update');
    if (!token) continue;
    const graph = await versionGraph(tx, job.tenantId, exec.versionId);
    const s = newStep(platform, tx, job.tenantId, exec, graph, byPersonId);
    const node = nodeOf(s, token.bpmnId);
    await tx.delete(workflowTokens).where(and(eq(workflowTokens.tenantId, job.tenantId), eq(workflowTokens.id, token.id)));
    if (token.elementId)
      await tx
        .update(workflowElements)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(workflowElements.tenantId, job.tenantId), eq(workflowElements.id, token.elementId)));
    s.exec.variables = { ...s.exec.variables, ...job.variables };
    s.variablesChanged = true;
    await history(s, 'message-received', node, { message: job.name, correlation: job.correlation });
    await walk(
      s,
      outgoing(s, node.id).map((f) => f.target),
    );
    await settle(s);
    delivered++;
  }
  const starts = await tx
    .select({
      versionId: workflowVersions.id,
      typeId: workflowVersions.typeId,
      bpmnId: workflowVersionElements.bpmnId,
      name: sql<string>`(SELECT t.name FROM workflow_types t WHERE t.tenant_id = ${job.tenantId} AND t.id = ${workflowVersions.typeId})`,
    })
    .from(workflowVersionElements)
    .innerJoin(workflowVersions, and(eq(workflowVersions.tenantId, workflowVersionElements.tenantId), eq(workflowVersions.id, workflowVersionElements.versionId)))
    .where(
      and(
        eq(workflowVersionElements.tenantId, job.tenantId),
        eq(workflowVersionElements.messageName, job.name),
        eq(workflowVersionElements.type, 'MessageStartEvent'),
        eq(workflowVersions.isActive, true),
      ),
    );
  for (const start of starts) {
    const variables = { ...job.variables };
    await startExecution(platform, tx, { tenantId: job.tenantId, typeId: start.typeId, versionId: start.versionId, name: start.name, startedBy: byPersonId, variables, startId: start.bpmnId });
    delivered++;
  }
  return delivered;
}

const defined = new WeakMap<object, Promise<void>>();

/** Defines the engine's queues once per job queue (tests build several apps over one platform). */
export async function defineWorkflowQueues(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = (async () => {
      await platform.jobs.define<TimerJob>(
        TIMER_QUEUE,
        async (job) => {
          await fireTimer(platform, job);
        },
        { retryLimit: 10, retryDelay: 5, concurrency: 4, pollingIntervalSeconds: 1 },
      );
      await platform.jobs.define<DueSoonJob>(
        DUE_SOON_QUEUE,
        async (job) => {
          await remindDueSoon(platform, job);
        },
        { retryLimit: 5, retryDelay: 30, concurrency: 2, pollingIntervalSeconds: 1 },
      );
      await platform.jobs.define<MessageJob>(
        MESSAGE_QUEUE,
        async (job) => {
          await platform.db.transaction(job.tenantId, (tx) => deliverMessage(platform, tx, job, null));
        },
        { retryLimit: 10, retryDelay: 5, concurrency: 2, pollingIntervalSeconds: 1 },
      );
    })();
    defined.set(platform.jobs, done);
  }
  await done;
}
