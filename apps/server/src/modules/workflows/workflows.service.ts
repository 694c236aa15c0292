import { and, asc, count, desc, eq, ilike, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { type FormField } from '@faena/domain';
import { FAENA_BPMN_DESCRIPTOR, WORKFLOW_MESSAGES, graphFromDefinitions, structuralProblems, validateModel, type ModelProblem, type WfGraph } from '@faena/domain/workflows/index';
import type {
  TWfExecution,
  TWfExecutionQuery,
  TWfExecutionSummary,
  TWfForm,
  TWfStartForm,
  TWfUserTask,
  TWfUserTaskDetail,
  TWorkflowCategory,
  TWorkflowType,
  TWorkflowTypeDetail,
  TWorkflowVersion,
} from '@faena/contracts/workflows';
import { BpmnModdle } from 'bpmn-moddle';
import { AppError, BodyError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { getForm } from '../forms/index.ts';
import { checkedAnswer } from './workflows.answers.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { completeTask, deliverMessage, lockExecution, startExecution as engineStart, type ExecutionRow } from './workflows.engine.ts';
import {
  workflowCategories,
  workflowElements,
  workflowExecutions,
  workflowHistory,
  workflowTaskResponses,
  workflowTypes,
  workflowUserTasks,
  workflowVersionElements,
  workflowVersions,
} from './workflows.table.ts';

/** Use cases of the workflows module (decision 021). */

const moddle = new BpmnModdle({ faena: FAENA_BPMN_DESCRIPTOR });
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const notFound = (what: string) => new AppError('not-found', `${what} not found.`);
const coded = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) => new BodyError(status, { code, detail, ...extra });
const isManager = (ctx: Ctx) => ctx.caller?.permissions.has('MANAGE_WF') ?? false;

// ------------------------------------------------------------------------------------ categories

export async function listCategories(ctx: Ctx): Promise<{ results: TWorkflowCategory[] }> {
  const rows = await ctx.read((db) =>
    db.select().from(workflowCategories).where(eq(workflowCategories.tenantId, ctx.tenant.id)).orderBy(asc(workflowCategories.position), asc(workflowCategories.name)),
  );
  return { results: rows.map((r) => ({ id: r.id, name: r.name, position: r.position })) };
}

export async function createCategory(ctx: Ctx, input: { name: string }): Promise<TWorkflowCategory> {
  const row = await ctx.tx(
    async (tx) => {
      const [last] = await tx
        .select({ p: max(workflowCategories.position) })
        .from(workflowCategories)
        .where(eq(workflowCategories.tenantId, ctx.tenant.id));
      const [created] = await tx
        .insert(workflowCategories)
        .values({ tenantId: ctx.tenant.id, name: input.name, position: (last?.p ?? -1) + 1 })
        .returning();
      return created!;
    },
    { audit: 'workflows.category.create', subject: (r) => r.id },
  );
  return { id: row.id, name: row.name, position: row.position };
}

export async function updateCategory(ctx: Ctx, id: string, input: { name?: string | undefined; position?: number | undefined }): Promise<TWorkflowCategory> {
  if (!isUuid(id)) throw notFound('Category');
  const row = await ctx.tx(
    async (tx) => {
      const [updated] = await tx
        .update(workflowCategories)
        .set({ ...(input.name === undefined ? {} : { name: input.name }), ...(input.position === undefined ? {} : { position: input.position }), updatedAt: new Date() })
        .where(and(eq(workflowCategories.tenantId, ctx.tenant.id), eq(workflowCategories.id, id)))
        .returning();
      if (!updated) throw notFound('Category');
      return updated;
    },
    { audit: 'workflows.category.update' },
  );
  return { id: row.id, name: row.name, position: row.position };
}

export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Category');
  await ctx.tx(
    async (tx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(workflowTypes)
        .where(and(eq(workflowTypes.tenantId, ctx.tenant.id), eq(workflowTypes.categoryId, id)));
      if ((used?.n ?? 0) > 0) throw coded(409, 'category-not-empty', 'The category still has workflow types: move or archive them first.');
      const deleted = await tx
        .delete(workflowCategories)
        .where(and(eq(workflowCategories.tenantId, ctx.tenant.id), eq(workflowCategories.id, id)))
        .returning({ id: workflowCategories.id });
      if (deleted.length === 0) throw notFound('Category');
    },
    { audit: 'workflows.category.delete' },
  );
}

// ------------------------------------------------------------------------------------ types

type TypeRow = typeof workflowTypes.$inferSelect;

async function typeViews(tx: Drizzle, tenantId: string, rows: TypeRow[]): Promise<TWorkflowType[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const versions = await tx
    .select({ id: workflowVersions.id, typeId: workflowVersions.typeId, number: workflowVersions.number, isActive: workflowVersions.isActive })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), inArray(workflowVersions.typeId, ids)))
    .orderBy(desc(workflowVersions.number));
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((c): c is string => c !== null))];
  const categories = categoryIds.length
    ? await tx
        .select({ id: workflowCategories.id, name: workflowCategories.name })
        .from(workflowCategories)
        .where(and(eq(workflowCategories.tenantId, tenantId), inArray(workflowCategories.id, categoryIds)))
    : [];
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  return rows.map((r) => {
    const own = versions.filter((v) => v.typeId === r.id);
    const active = own.find((v) => v.isActive);
    const latest = own[0];
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      icon: r.icon,
      category: r.categoryId ? (categoryById.get(r.categoryId) ?? null) : null,
      is_archived: r.isArchived,
      is_dispatchable: r.isDispatchable,
      active_version: active ? { id: active.id, number: active.number } : null,
      latest_version: latest ? { id: latest.id, number: latest.number, is_active: latest.isActive } : null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

async function checkCategory(tx: Drizzle, tenantId: string, category: string | null | undefined): Promise<void> {
  if (category === null || category === undefined) return;
  const [row] = isUuid(category)
    ? await tx
        .select({ id: workflowCategories.id })
        .from(workflowCategories)
        .where(and(eq(workflowCategories.tenantId, tenantId), eq(workflowCategories.id, category)))
    : [];
  if (!row) throw new BodyError(400, { code: 'validation-error', detail: 'Unknown category.', errors: { category: ['Unknown category.'] } });
}

export async function listTypes(ctx: Ctx, query: { category?: string | undefined; search?: string | undefined }, mine = false): Promise<{ results: TWorkflowType[] }> {
  return ctx.tx(async (tx) => {
    const where: SQL[] = [eq(workflowTypes.tenantId, ctx.tenant.id)];
    if (query.category) where.push(isUuid(query.category) ? eq(workflowTypes.categoryId, query.category) : sql`false`);
    if (query.search) where.push(ilike(workflowTypes.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (mine) {
      where.push(eq(workflowTypes.isArchived, false));
      where.push(sql`EXISTS (SELECT 1 FROM workflow_versions v WHERE v.tenant_id = ${workflowTypes.tenantId} AND v.type_id = ${workflowTypes.id} AND v.is_active)`);
    }
    const rows = await tx
      .select()
      .from(workflowTypes)
      .where(and(...where))
      .orderBy(asc(workflowTypes.name));
    return { results: await typeViews(tx, ctx.tenant.id, rows) };
  });
}

async function findType(tx: Drizzle, tenantId: string, id: string): Promise<TypeRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(workflowTypes)
        .where(and(eq(workflowTypes.tenantId, tenantId), eq(workflowTypes.id, id)))
    : [];
  if (!row) throw notFound('Workflow type');
  return row;
}

export async function getType(ctx: Ctx, id: string): Promise<TWorkflowTypeDetail> {
  return ctx.tx(async (tx) => {
    const row = await findType(tx, ctx.tenant.id, id);
    const [view] = await typeViews(tx, ctx.tenant.id, [row]);
    const versions = await tx
      .select()
      .from(workflowVersions)
      .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, row.id)))
      .orderBy(desc(workflowVersions.number));
    return {
      ...view!,
      versions: versions.map((v) => ({
        id: v.id,
        number: v.number,
        is_active: v.isActive,
        created_at: v.createdAt.toISOString(),
        updated_at: v.updatedAt.toISOString(),
        published_at: iso(v.publishedAt),
      })),
    };
  });
}

export async function createType(ctx: Ctx, input: { name: string; category?: string | null | undefined; description?: string | undefined; icon?: string | null | undefined }): Promise<TWorkflowType> {
  const { caller } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      await checkCategory(tx, ctx.tenant.id, input.category);
      const [row] = await tx
        .insert(workflowTypes)
        .values({ tenantId: ctx.tenant.id, name: input.name, categoryId: input.category ?? null, description: input.description ?? '', icon: input.icon ?? null, createdByPersonId: caller.personId })
        .returning();
      return (await typeViews(tx, ctx.tenant.id, [row!]))[0]!;
    },
    { audit: 'workflows.type.create', subject: (r) => r.id },
  );
}

export async function updateType(
  ctx: Ctx,
  id: string,
  input: {
    name?: string | undefined;
    category?: string | null | undefined;
    description?: string | undefined;
    icon?: string | null | undefined;
    is_archived?: boolean | undefined;
    is_dispatchable?: boolean | undefined;
  },
): Promise<TWorkflowType> {
  return ctx.tx(
    async (tx) => {
      const row = await findType(tx, ctx.tenant.id, id);
      await checkCategory(tx, ctx.tenant.id, input.category);
      const [updated] = await tx
        .update(workflowTypes)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.category === undefined ? {} : { categoryId: input.category }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.icon === undefined ? {} : { icon: input.icon }),
          ...(input.is_archived === undefined ? {} : { isArchived: input.is_archived }),
          ...(input.is_dispatchable === undefined ? {} : { isDispatchable: input.is_dispatchable }),
          updatedAt: new Date(),
        })
        .where(and(eq(workflowTypes.tenantId, ctx.tenant.id), eq(workflowTypes.id, row.id)))
        .returning();
      return (await typeViews(tx, ctx.tenant.id, [updated!]))[0]!;
    },
    { audit: 'workflows.type.update' },
  );
}

// ------------------------------------------------------------------------------------ versions

type VersionRow = typeof workflowVersions.$inferSelect;

const versionView = (v: VersionRow): TWorkflowVersion => ({
  id: v.id,
  workflow_type: v.typeId,
  number: v.number,
  is_active: v.isActive,
  bpmn_xml: v.bpmnXml,
  created_at: v.createdAt.toISOString(),
  updated_at: v.updatedAt.toISOString(),
  published_at: iso(v.publishedAt),
});

/** Parses BPMN XML into the graph; a model that does not parse, a plain task or an element outside the subset is a 400. */
export async function parseModel(xml: string): Promise<WfGraph> {
  let root: unknown;
  try {
    const result = await moddle.fromXML(xml);
    root = result.rootElement;
  } catch (error) {
    throw coded(400, 'invalid-bpmn', `The BPMN model does not parse: ${error instanceof Error ? error.message.split('\n')[0] : 'unknown error'}`);
  }
  if (!root || (root as { $type?: string }).$type !== 'bpmn:Definitions') throw coded(400, 'invalid-bpmn', 'The BPMN model has no bpmn:definitions root.');
  const graph = graphFromDefinitions(root);
  if (graph.nodes.length === 0 && graph.flows.length === 0 && !(root as { rootElements?: unknown[] }).rootElements?.some((r) => (r as { $type?: string }).$type === 'bpmn:Process'))
    throw coded(400, 'invalid-bpmn', 'The BPMN model has no process.');
  const problems = structuralProblems(graph);
  const plain = problems.find((p) => p.code === 'plain-task');
  if (plain) throw coded(400, 'plain-task', WORKFLOW_MESSAGES.plainTask, { element: plain.element_id });
  if (problems.length > 0) throw coded(400, 'unsupported-element', problems[0]!.detail, { element: problems[0]!.element_id, problems });
  return graph;
}

async function findVersion(tx: Drizzle, tenantId: string, id: string, lock = false): Promise<VersionRow> {
  if (!isUuid(id)) throw notFound('Version');
  const query = tx
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), eq(workflowVersions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Version');
  return row;
}

export async function createVersion(ctx: Ctx, typeId: string, xml: string): Promise<TWorkflowVersion> {
  const graph = await parseModel(xml);
  return ctx.tx(
    async (tx) => {
      const type = await findType(tx, ctx.tenant.id, typeId);
      await tx.execute(sql`SELECT 1 FROM workflow_types WHERE tenant_id = ${ctx.tenant.id} AND id = ${type.id} FOR UPDATE`);
      const [last] = await tx
        .select({ n: max(workflowVersions.number) })
        .from(workflowVersions)
        .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, type.id)));
      const [row] = await tx
        .insert(workflowVersions)
        .values({ tenantId: ctx.tenant.id, typeId: type.id, number: (last?.n ?? 0) + 1, bpmnXml: xml, graph })
        .returning();
      return versionView(row!);
    },
    { audit: 'workflows.version.create', subject: (r) => r.id },
  );
}

export async function getVersion(ctx: Ctx, id: string): Promise<TWorkflowVersion> {
  return versionView(await ctx.tx((tx) => findVersion(tx, ctx.tenant.id, id)));
}

const publishedError = () => coded(409, 'published', WORKFLOW_MESSAGES.published);

export async function updateVersion(ctx: Ctx, id: string, xml: string): Promise<TWorkflowVersion> {
  const graph = await parseModel(xml);
  return ctx.tx(
    async (tx) => {
      const row = await findVersion(tx, ctx.tenant.id, id, true);
      if (row.isPublished) throw publishedError();
      const [updated] = await tx
        .update(workflowVersions)
        .set({ bpmnXml: xml, graph, updatedAt: new Date() })
        .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.id, row.id)))
        .returning();
      return versionView(updated!);
    },
    { audit: 'workflows.version.update' },
  );
}

/** Field names of a form definition (sub-forms' fields included): the variables its answer sets. */
function fieldNames(fields: readonly FormField[]): string[] {
  const names: string[] = [];
  for (const field of fields as readonly Record<string, unknown>[]) {
    if (typeof field.name === 'string') names.push(field.name);
  }
  return names;
}

/** Field name → field type of a form definition's own fields (the process variables' types, spec forms §3). */
function fieldTypes(fields: readonly FormField[]): Record<string, string> {
  const types: Record<string, string> = {};
  for (const field of fields as readonly Record<string, unknown>[]) if (typeof field.name === 'string' && typeof field.type === 'string') types[field.name] = field.type;
  return types;
}

/** Every problem of the model (decision 021 codes). */
export async function modelProblems(ctx: Ctx, graph: WfGraph, versionId: string): Promise<ModelProblem[]> {
  const formFields: Record<string, string[]> = {};
  const formFieldTypes: Record<string, Record<string, string>> = {};
  const missing: ModelProblem[] = [];
  for (const node of graph.nodes) {
    if (!node.formId || node.formId in formFields) continue;
    try {
      const { description } = await getForm(ctx, node.formId);
      formFields[node.formId] = fieldNames(description);
      formFieldTypes[node.formId] = fieldTypes(description);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not-found') throw error;
      formFields[node.formId] = [];
      formFieldTypes[node.formId] = {};
      missing.push({ element_id: node.id, code: 'user-task-no-form', detail: `The form ${node.formId} does not exist.`, params: { form_id: node.formId } });
    }
  }
  const awaited = await ctx.read((db) =>
    db
      .selectDistinct({ name: workflowVersionElements.messageName })
      .from(workflowVersionElements)
      .innerJoin(workflowVersions, and(eq(workflowVersions.tenantId, workflowVersionElements.tenantId), eq(workflowVersions.id, workflowVersionElements.versionId)))
      .where(
        and(
          eq(workflowVersionElements.tenantId, ctx.tenant.id),
          eq(workflowVersions.isActive, true),
          sql`${workflowVersions.id} <> ${versionId}`,
          inArray(workflowVersionElements.type, ['MessageStartEvent', 'MessageIntermediateCatchEvent']),
        ),
      ),
  );
  return [...missing, ...validateModel(graph, { formFields, formFieldTypes, awaitedElsewhere: awaited.map((a) => a.name!).filter(Boolean) })];
}

export async function validateVersion(ctx: Ctx, id: string): Promise<{ problems: ModelProblem[] }> {
  const row = await ctx.tx((tx) => findVersion(tx, ctx.tenant.id, id));
  return { problems: await modelProblems(ctx, row.graph, row.id) };
}

export async function publishVersion(ctx: Ctx, id: string): Promise<TWorkflowVersion> {
  const row = await ctx.tx((tx) => findVersion(tx, ctx.tenant.id, id));
  if (row.isPublished) throw publishedError();
  const problems = await modelProblems(ctx, row.graph, row.id);
  if (problems.length > 0) throw coded(400, 'invalid-model', `The model has ${problems.length} problem(s) to fix before publishing.`, { problems });
  return ctx.tx(
    async (tx) => {
      const locked = await findVersion(tx, ctx.tenant.id, id, true);
      if (locked.isPublished) throw publishedError();
      if (locked.updatedAt.getTime() !== row.updatedAt.getTime()) throw new AppError('conflict', 'The version changed while it was being published: try again.');
      await tx
        .update(workflowVersions)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, locked.typeId), eq(workflowVersions.isActive, true)));
      const now = new Date();
      const [published] = await tx
        .update(workflowVersions)
        .set({ isActive: true, isPublished: true, publishedAt: now, updatedAt: now })
        .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.id, locked.id)))
        .returning();
      if (locked.graph.nodes.length > 0)
        await tx.insert(workflowVersionElements).values(
          locked.graph.nodes.map((n) => ({
            tenantId: ctx.tenant.id,
            versionId: locked.id,
            bpmnId: n.id,
            type: n.type ?? 'undefined',
            name: n.name,
            messageName: n.messageName ?? null,
            formId: n.formId && isUuid(n.formId) ? n.formId : null,
          })),
        );
      return versionView(published!);
    },
    { audit: 'workflows.version.publish' },
  );
}

// ------------------------------------------------------------------------------------ answers

// ------------------------------------------------------------------------------------ executions

/** The start event a person starts at: the one named (a plain start event), else the first plain one. */
function startNode(version: VersionRow, bpmnId: string | undefined) {
  if (bpmnId !== undefined) {
    const named = version.graph.nodes.find((n) => n.id === bpmnId && n.type === 'VanillaStartEvent');
    if (!named) throw coded(404, 'start-event-not-found', `The workflow has no start event ${bpmnId} a person can start.`);
    return named;
  }
  const start = version.graph.nodes.find((n) => n.type === 'VanillaStartEvent') ?? version.graph.nodes.find((n) => n.type === 'MessageStartEvent');
  if (!start) throw coded(409, 'draft', WORKFLOW_MESSAGES.draft);
  return start;
}

function checkStartable(version: VersionRow): void {
  if (!version.isPublished) throw coded(409, 'draft', WORKFLOW_MESSAGES.draft);
  if (!version.isActive) throw coded(409, 'inactive-version', 'This version is no longer active: start the active version of the workflow.');
}

async function startOn(ctx: Ctx, version: VersionRow, variables: Record<string, unknown>, startEvent?: string): Promise<TWfExecution> {
  const { caller } = signedIn(ctx);
  checkStartable(version);
  const start = startNode(version, startEvent);
  const stored = start.formId ? await checkedAnswer(ctx, start.formId, variables) : variables;
  const exec = await ctx.tx(
    async (tx) => {
      const type = await findType(tx, ctx.tenant.id, version.typeId);
      if (type.isArchived) throw coded(409, 'archived', 'This workflow is archived.');
      return engineStart(ctx.platform, tx, { tenantId: ctx.tenant.id, typeId: type.id, versionId: version.id, name: type.name, startedBy: caller.personId, variables: stored, startId: start.id });
    },
    { audit: 'workflows.execution.start', subject: (r) => r.id },
  );
  return getExecution(ctx, exec.id);
}

export async function startExecutionOnVersion(ctx: Ctx, versionId: string, variables: Record<string, unknown>, startEvent?: string): Promise<TWfExecution> {
  const version = await ctx.tx((tx) => findVersion(tx, ctx.tenant.id, versionId));
  return startOn(ctx, version, variables, startEvent);
}

async function activeVersionOf(tx: Drizzle, tenantId: string, typeId: string): Promise<VersionRow> {
  const [active] = await tx
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), eq(workflowVersions.typeId, typeId), eq(workflowVersions.isActive, true)));
  if (!active) throw coded(404, 'no-active-version', 'The workflow has no published version yet.');
  return active;
}

export async function startExecutionOfType(ctx: Ctx, typeId: string, variables: Record<string, unknown>, startEvent?: string): Promise<TWfExecution> {
  const version = await ctx.tx(async (tx) => activeVersionOf(tx, ctx.tenant.id, (await findType(tx, ctx.tenant.id, typeId)).id));
  return startOn(ctx, version, variables, startEvent);
}

const formView = (f: { id: string; version: number; name: string; description: readonly unknown[] }): TWfForm => ({ id: f.id, version: f.version, name: f.name, description: [...f.description] });

/**
 * What starting a type shows (spec §2 dispatch-action, execute, start-execution): the active
 * version (or the one named, which must be the active one), its start event and the start form.
 */
export async function getStartForm(ctx: Ctx, typeId: string, query: { version?: string | undefined; bpmn_id?: string | undefined }): Promise<TWfStartForm> {
  const { type, version } = await ctx.tx(async (tx) => {
    const type = await findType(tx, ctx.tenant.id, typeId);
    const version = query.version ? await findVersion(tx, ctx.tenant.id, query.version) : await activeVersionOf(tx, ctx.tenant.id, type.id);
    if (version.typeId !== type.id) throw notFound('Version');
    return { type, version };
  });
  if (type.isArchived) throw coded(409, 'archived', 'This workflow is archived.');
  checkStartable(version);
  const start = startNode(version, query.bpmn_id);
  const form = start.formId ? formView(await getForm(ctx, start.formId)) : null;
  return {
    workflow_type: { id: type.id, name: type.name, description: type.description, icon: type.icon },
    version: { id: version.id, number: version.number },
    start_event: { bpmn_id: start.id, name: start.name },
    form,
    steps: version.graph.nodes.filter((n) => n.type === 'UserTask').map((n) => ({ bpmn_id: n.id, name: n.name })),
  };
}

type TaskRow = typeof workflowUserTasks.$inferSelect;
type ElementRow = typeof workflowElements.$inferSelect;

async function summaries(tx: Drizzle, tenantId: string, execs: ExecutionRow[]): Promise<TWfExecutionSummary[]> {
  if (execs.length === 0) return [];
  const types = await tx
    .select({ id: workflowTypes.id, name: workflowTypes.name })
    .from(workflowTypes)
    .where(and(eq(workflowTypes.tenantId, tenantId), inArray(workflowTypes.id, [...new Set(execs.map((e) => e.typeId))])));
  const versions = await tx
    .select({ id: workflowVersions.id, number: workflowVersions.number })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), inArray(workflowVersions.id, [...new Set(execs.map((e) => e.versionId))])));
  const people = await personSummaries(
    tx,
    tenantId,
    execs.map((e) => e.startedByPersonId).filter((p): p is string => p !== null),
  );
  const open = await tx
    .select({ executionId: workflowElements.executionId, bpmnId: workflowElements.bpmnId, name: workflowElements.name })
    .from(workflowElements)
    .where(
      and(
        eq(workflowElements.tenantId, tenantId),
        inArray(
          workflowElements.executionId,
          execs.map((e) => e.id),
        ),
        eq(workflowElements.type, 'UserTask'),
        eq(workflowElements.isActive, true),
        sql`${workflowElements.deletedAt} IS NULL`,
      ),
    )
    .orderBy(asc(workflowElements.createdAt));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const versionById = new Map(versions.map((v) => [v.id, v]));
  return execs.map((e) => {
    const starter = e.startedByPersonId ? people.get(e.startedByPersonId) : undefined;
    return {
      id: e.id,
      name: e.name,
      status: e.status as TWfExecutionSummary['status'],
      workflow_type: typeById.get(e.typeId) ?? { id: e.typeId, name: '' },
      version: versionById.get(e.versionId) ?? { id: e.versionId, number: 0 },
      started_by: starter ? { passport: starter.passport, name: starter.name } : null,
      created: e.createdAt.toISOString(),
      updated: e.updatedAt.toISOString(),
      initiated: e.createdAt.toISOString(),
      completed: iso(e.completedAt),
      current: open.filter((o) => o.executionId === e.id).map((o) => ({ bpmn_id: o.bpmnId, name: o.name })),
    };
  });
}

const elementView = (e: ElementRow) => ({
  id: e.id,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
  deleted_at: iso(e.deletedAt),
  name: e.name,
  bpmn_id: e.bpmnId,
  type: e.type as TWfUserTask['type'],
  is_active: e.isActive,
  execution: e.executionId,
  attached_to: e.attachedTo,
});

async function taskViews(tx: Drizzle, tenantId: string, tasks: TaskRow[]): Promise<TWfUserTask[]> {
  if (tasks.length === 0) return [];
  const elements = await tx
    .select()
    .from(workflowElements)
    .where(
      and(
        eq(workflowElements.tenantId, tenantId),
        inArray(
          workflowElements.id,
          tasks.map((t) => t.id),
        ),
      ),
    );
  const execs = await tx
    .select({ id: workflowExecutions.id, typeId: workflowExecutions.typeId, versionId: workflowExecutions.versionId })
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.tenantId, tenantId), inArray(workflowExecutions.id, [...new Set(tasks.map((t) => t.executionId))])));
  const versions = await tx
    .select({ id: workflowVersions.id, number: workflowVersions.number })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, tenantId), inArray(workflowVersions.id, [...new Set(execs.map((e) => e.versionId))])));
  const types = await tx
    .select({ id: workflowTypes.id, name: workflowTypes.name })
    .from(workflowTypes)
    .where(and(eq(workflowTypes.tenantId, tenantId), inArray(workflowTypes.id, [...new Set(execs.map((e) => e.typeId))])));
  const people = await personSummaries(
    tx,
    tenantId,
    tasks.flatMap((t) => t.assigneeIds),
  );
  const elementById = new Map(elements.map((e) => [e.id, e]));
  const typeOfExec = new Map(execs.map((e) => [e.id, types.find((t) => t.id === e.typeId) ?? { id: e.typeId, name: '' }]));
  const versionOfExec = new Map(execs.map((e) => [e.id, versions.find((v) => v.id === e.versionId) ?? { id: e.versionId, number: 0 }]));
  return tasks.map((t) => ({
    ...elementView(elementById.get(t.id)!),
    execution_audience: t.assigneeIds
      .map((id) => people.get(id))
      .filter((p) => p !== undefined)
      .map((p) => ({ passport: p.passport, name: p.name })),
    successfully_completed: t.successfullyCompleted,
    summary: t.summary,
    description: t.description,
    due_at: iso(t.dueAt),
    form_id: t.formId,
    workflow_type: typeOfExec.get(t.executionId) ?? { id: '', name: '' },
    version: versionOfExec.get(t.executionId) ?? { id: '', number: 0 },
    is_open: t.isOpen,
  }));
}

/** Who may see an execution: its starter, its assignees, or a workflow manager. */
function canSee(ctx: Ctx, exec: ExecutionRow, tasks: TaskRow[]): boolean {
  const { caller } = signedIn(ctx);
  return isManager(ctx) || exec.startedByPersonId === caller.personId || tasks.some((t) => t.assigneeIds.includes(caller.personId));
}

export async function getExecution(ctx: Ctx, id: string): Promise<TWfExecution> {
  const execution = await readExecution(ctx, id);
  const formIds = new Set([execution.start_form_id, ...execution.tasks.map((t) => t.form_id)].filter((f): f is string => f !== null));
  const forms: Record<string, TWfForm> = {};
  for (const formId of formIds) {
    try {
      forms[formId] = formView(await getForm(ctx, formId));
    } catch (error) {
      // a form deleted since: its answers show as raw variables only
      if (!(error instanceof AppError) || error.code !== 'not-found') throw error;
    }
  }
  return { ...execution, forms };
}

async function readExecution(ctx: Ctx, id: string): Promise<TWfExecution> {
  if (!isUuid(id)) throw notFound('Execution');
  return ctx.tx(async (tx) => {
    const [exec] = await tx
      .select()
      .from(workflowExecutions)
      .where(and(eq(workflowExecutions.tenantId, ctx.tenant.id), eq(workflowExecutions.id, id)));
    if (!exec) throw notFound('Execution');
    const tasks = await tx
      .select()
      .from(workflowUserTasks)
      .where(and(eq(workflowUserTasks.tenantId, ctx.tenant.id), eq(workflowUserTasks.executionId, id)))
      .orderBy(asc(workflowUserTasks.createdAt));
    if (!canSee(ctx, exec, tasks)) throw notFound('Execution');
    const elements = await tx
      .select()
      .from(workflowElements)
      .where(and(eq(workflowElements.tenantId, ctx.tenant.id), eq(workflowElements.executionId, id)))
      .orderBy(asc(workflowElements.createdAt), asc(workflowElements.id));
    const hist = await tx
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.tenantId, ctx.tenant.id), eq(workflowHistory.executionId, id)))
      .orderBy(asc(workflowHistory.at), asc(workflowHistory.id));
    const answers = tasks.length
      ? await tx
          .select()
          .from(workflowTaskResponses)
          .where(
            and(
              eq(workflowTaskResponses.tenantId, ctx.tenant.id),
              inArray(
                workflowTaskResponses.taskId,
                tasks.map((t) => t.id),
              ),
            ),
          )
          .orderBy(asc(workflowTaskResponses.createdAt))
      : [];
    const people = await personSummaries(tx, ctx.tenant.id, [...hist.map((h) => h.personId).filter((p): p is string => p !== null), ...answers.map((a) => a.personId)]);
    const [version] = await tx
      .select({ graph: workflowVersions.graph })
      .from(workflowVersions)
      .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.id, exec.versionId)));
    const startIds = new Set(elements.filter((e) => e.type === 'VanillaStartEvent' || e.type === 'MessageStartEvent').map((e) => e.bpmnId));
    const startFormId = version?.graph.nodes.find((n) => startIds.has(n.id) && n.formId)?.formId ?? null;
    const [summary] = await summaries(tx, ctx.tenant.id, [exec]);
    return {
      ...summary!,
      start_form_id: startFormId,
      forms: {},
      responses: answers.map((a) => {
        const p = people.get(a.personId);
        return {
          id: a.id,
          task: a.taskId,
          created_at: a.createdAt.toISOString(),
          updated_at: a.updatedAt.toISOString(),
          response: a.response,
          user: { passport: p?.passport ?? '', name: p?.name ?? '' },
        };
      }),
      elements: elements.map(elementView),
      tasks: await taskViews(tx, ctx.tenant.id, tasks),
      variables: exec.variables,
      history: hist.map((h) => {
        const by = h.personId ? people.get(h.personId) : undefined;
        return {
          id: h.id,
          at: h.at.toISOString(),
          action: h.action,
          bpmn_id: h.bpmnId,
          element_type: h.elementType as TWfUserTask['type'] | null,
          by: by ? { passport: by.passport, name: by.name } : null,
          detail: h.detail,
        };
      }),
    };
  });
}

/** A day (YYYY-MM-DD, UTC) or an instant; `end` turns a day into the start of the next one. */
function boundOf(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return end ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(value);
}

export async function listExecutions(ctx: Ctx, query: TWfExecutionQuery) {
  const { caller } = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const where: SQL[] = [eq(workflowExecutions.tenantId, ctx.tenant.id)];
    if (query.workflow_type) where.push(isUuid(query.workflow_type) ? eq(workflowExecutions.typeId, query.workflow_type) : sql`false`);
    if (query.status) where.push(eq(workflowExecutions.status, query.status));
    if (query.from) where.push(sql`${workflowExecutions.createdAt} >= ${boundOf(query.from, false).toISOString()}::timestamptz`);
    if (query.to) {
      const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(query.to);
      where.push(
        dayOnly
          ? sql`${workflowExecutions.createdAt} < ${boundOf(query.to, true).toISOString()}::timestamptz`
          : sql`${workflowExecutions.createdAt} <= ${boundOf(query.to, false).toISOString()}::timestamptz`,
      );
    }
    if (query.started_by) {
      const starter = query.started_by === 'me' ? caller.personId : (await findPersonByPassport(tx, ctx.tenant.id, query.started_by))?.id;
      where.push(starter ? eq(workflowExecutions.startedByPersonId, starter) : sql`false`);
    }
    if (query.current_step)
      where.push(
        sql`EXISTS (SELECT 1 FROM workflow_elements el WHERE el.tenant_id = ${workflowExecutions.tenantId} AND el.execution_id = ${workflowExecutions.id} AND el.type = 'UserTask' AND el.is_active AND el.deleted_at IS NULL AND el.bpmn_id = ${query.current_step})`,
      );
    if (!isManager(ctx))
      where.push(
        or(
          eq(workflowExecutions.startedByPersonId, caller.personId),
          sql`EXISTS (SELECT 1 FROM workflow_user_tasks t WHERE t.tenant_id = ${workflowExecutions.tenantId} AND t.execution_id = ${workflowExecutions.id} AND ${caller.personId}::uuid = ANY(t.assignee_ids))`,
        )!,
      );
    const [total] = await tx
      .select({ n: count() })
      .from(workflowExecutions)
      .where(and(...where));
    const rows = await tx
      .select()
      .from(workflowExecutions)
      .where(and(...where))
      .orderBy(desc(workflowExecutions.createdAt), desc(workflowExecutions.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    return { count: total?.n ?? 0, results: await summaries(tx, ctx.tenant.id, rows) };
  });
}

// ------------------------------------------------------------------------------------ tasks

/**
 * The caller's open user tasks: assignees are resolved when a task opens (people, positions,
 * audiences, process variables — decision 021), so "mine" is one array test. Soonest due first (so
 * overdue ones lead), tasks without a due time last, then oldest first.
 */
export async function myTasks(ctx: Ctx, query: { workflow_type?: string | undefined } = {}): Promise<{ results: TWfUserTask[] }> {
  const { caller } = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const where: SQL[] = [eq(workflowUserTasks.tenantId, ctx.tenant.id), eq(workflowUserTasks.isOpen, true), sql`${caller.personId}::uuid = ANY(${workflowUserTasks.assigneeIds})`];
    if (query.workflow_type)
      where.push(
        isUuid(query.workflow_type)
          ? sql`EXISTS (SELECT 1 FROM workflow_executions ex WHERE ex.tenant_id = ${workflowUserTasks.tenantId} AND ex.id = ${workflowUserTasks.executionId} AND ex.type_id = ${query.workflow_type}::uuid)`
          : sql`false`,
      );
    const rows = await tx
      .select()
      .from(workflowUserTasks)
      .where(and(...where))
      .orderBy(sql`${workflowUserTasks.dueAt} ASC NULLS LAST`, asc(workflowUserTasks.createdAt), asc(workflowUserTasks.id))
      .limit(1000);
    return { results: await taskViews(tx, ctx.tenant.id, rows) };
  });
}

async function findTask(tx: Drizzle, tenantId: string, id: string): Promise<TaskRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(workflowUserTasks)
        .where(and(eq(workflowUserTasks.tenantId, tenantId), eq(workflowUserTasks.id, id)))
    : [];
  if (!row) throw notFound('Task');
  return row;
}

export async function getTask(ctx: Ctx, id: string): Promise<TWfUserTaskDetail> {
  const { caller } = signedIn(ctx);
  const { task, view, summary, responses } = await ctx.tx(async (tx) => {
    const task = await findTask(tx, ctx.tenant.id, id);
    const [exec] = await tx
      .select()
      .from(workflowExecutions)
      .where(and(eq(workflowExecutions.tenantId, ctx.tenant.id), eq(workflowExecutions.id, task.executionId)));
    // its assignees, a workflow manager, or the person who started the execution (their notifications link here)
    if (!isManager(ctx) && !task.assigneeIds.includes(caller.personId) && exec?.startedByPersonId !== caller.personId) throw new AppError('permission-denied', 'This task is not assigned to you.');
    const answers = await tx
      .select()
      .from(workflowTaskResponses)
      .where(and(eq(workflowTaskResponses.tenantId, ctx.tenant.id), eq(workflowTaskResponses.taskId, task.id)));
    const people = await personSummaries(
      tx,
      ctx.tenant.id,
      answers.map((a) => a.personId),
    );
    return {
      task,
      view: (await taskViews(tx, ctx.tenant.id, [task]))[0]!,
      summary: (await summaries(tx, ctx.tenant.id, [exec!]))[0]!,
      responses: answers.map((a) => {
        const p = people.get(a.personId);
        return { id: a.id, created_at: a.createdAt.toISOString(), updated_at: a.updatedAt.toISOString(), response: a.response, user: { passport: p?.passport ?? '', name: p?.name ?? '' } };
      }),
    };
  });
  const form = task.formId ? await getForm(ctx, task.formId).catch(() => null) : null;
  return { ...view, form, execution_summary: summary, responses };
}

/**
 * Answers a user task: only its assignees (403); validated by the forms engine (400
 * non_field_errors); one transaction that locks the execution, then the task's token — of two
 * racing answers exactly one moves the execution, the other gets 409 task-closed.
 */
export async function answerTask(ctx: Ctx, id: string, response: Record<string, unknown>) {
  const { caller } = signedIn(ctx);
  const task = await ctx.tx((tx) => findTask(tx, ctx.tenant.id, id));
  if (!task.assigneeIds.includes(caller.personId)) throw new AppError('permission-denied', 'This task is not assigned to you.');
  const closed = () => coded(409, 'task-closed', 'This task is already closed.');
  if (!task.isOpen) throw closed();
  const stored = task.formId ? await checkedAnswer(ctx, task.formId, response) : response;
  const row = await ctx.tx(
    async (tx) => {
      const exec = await lockExecution(tx, ctx.tenant.id, task.executionId);
      if (!exec) throw notFound('Task');
      const result = await completeTask(ctx.platform, tx, { tenantId: ctx.tenant.id, exec, taskId: task.id, byPersonId: caller.personId, variables: stored });
      if (!result.moved) throw closed();
      const [answer] = await tx.insert(workflowTaskResponses).values({ tenantId: ctx.tenant.id, taskId: task.id, response: stored, personId: caller.personId }).returning();
      return answer!;
    },
    { audit: 'workflows.task.answer' },
  );
  return { id: row.id, task: task.id, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(), response: row.response, user: { passport: caller.passport, name: '' } };
}

// ------------------------------------------------------------------------------------ messages

export async function sendMessage(ctx: Ctx, input: { name: string; correlation_key?: string | null | undefined; variables?: Record<string, unknown> | undefined }): Promise<{ delivered: number }> {
  const { caller } = signedIn(ctx);
  const delivered = await ctx.tx(
    (tx) => deliverMessage(ctx.platform, tx, { tenantId: ctx.tenant.id, name: input.name, correlation: input.correlation_key ?? null, variables: input.variables ?? {} }, caller.personId),
    { audit: 'workflows.message.send', details: { name: input.name } },
  );
  return { delivered };
}
