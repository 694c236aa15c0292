import { and, eq, inArray } from 'drizzle-orm';
import { WORKFLOW_MESSAGES } from '@faena/domain/workflows/index';
import type { Drizzle } from '../../platform/db/database.ts';
import { BodyError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { startExecution } from './workflows.engine.ts';
import { parseModel } from './workflows.service.ts';
import { workflowExecutions, workflowTypes, workflowVersionElements, workflowVersions } from './workflows.table.ts';

/**
 * Executions another module starts and reads inside its own transaction (decision 028: an asset's
 * maintenance is an execution of a maintenance workflow type carrying the variable `asset`), so the
 * module's record and the execution are written together or not at all.
 */

export interface WorkflowTypeRef {
  id: string;
  name: string;
  isArchived: boolean;
}

/** The tenant's workflow types among `ids` (unknown ids are absent). */
export async function workflowTypeRefs(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, WorkflowTypeRef>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflowTypes.id, name: workflowTypes.name, isArchived: workflowTypes.isArchived })
    .from(workflowTypes)
    .where(and(eq(workflowTypes.tenantId, tenantId), inArray(workflowTypes.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Starts an execution of the type's active published version at its plain start event, inside `tx`.
 * `startedBy` null: nobody signed in (a public report); its starter tasks go to the type's owner as
 * for a public start. 404 `not-found` for an unknown type, 409 `archived`, 409 `draft` when it has no
 * published version.
 */
export async function startEmbeddedExecution(
  platform: Platform,
  tx: Drizzle,
  input: { tenantId: string; typeId: string; startedBy: string | null; variables: Record<string, unknown>; name?: string },
): Promise<{ id: string; status: string; name: string }> {
  const [type] = isUuid(input.typeId)
    ? await tx
        .select()
        .from(workflowTypes)
        .where(and(eq(workflowTypes.tenantId, input.tenantId), eq(workflowTypes.id, input.typeId)))
    : [];
  if (!type) throw new BodyError(404, { code: 'not-found', detail: 'Workflow type not found.' });
  if (type.isArchived) throw new BodyError(409, { code: 'archived', detail: 'This workflow is archived.' });
  const [version] = await tx
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.tenantId, input.tenantId), eq(workflowVersions.typeId, type.id), eq(workflowVersions.isActive, true)));
  if (!version?.isPublished) throw new BodyError(409, { code: 'draft', detail: WORKFLOW_MESSAGES.draft });
  const start = version.graph.nodes.find((n) => n.type === 'VanillaStartEvent');
  if (!start) throw new BodyError(409, { code: 'draft', detail: WORKFLOW_MESSAGES.draft });
  const exec = await startExecution(platform, tx, {
    tenantId: input.tenantId,
    typeId: type.id,
    versionId: version.id,
    name: input.name ?? type.name,
    startedBy: input.startedBy,
    variables: input.variables,
    startId: start.id,
  });
  return { id: exec.id, status: exec.status, name: exec.name };
}

export interface ExecutionState {
  id: string;
  status: 'InProcess' | 'Success' | 'Error';
  completedAt: Date | null;
  variables: Record<string, unknown>;
}

/** The state of these executions of the tenant (unknown ids are absent). */
export async function executionStates(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<Map<string, ExecutionState>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflowExecutions.id, status: workflowExecutions.status, completedAt: workflowExecutions.completedAt, variables: workflowExecutions.variables })
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.tenantId, tenantId), inArray(workflowExecutions.id, wanted)));
  return new Map(rows.map((row) => [row.id, { ...row, status: row.status as ExecutionState['status'] }]));
}

/**
 * A published workflow type made from a BPMN model inside `tx`, as another module's demo seed needs
 * one (the assets' maintenance types); it has no category.
 */
export async function seedPublishedType(tx: Drizzle, input: { tenantId: string; name: string; description: string; icon: string; createdBy: string; xml: string }): Promise<{ id: string }> {
  const graph = await parseModel(input.xml);
  const [type] = await tx
    .insert(workflowTypes)
    .values({ tenantId: input.tenantId, name: input.name, description: input.description, icon: input.icon, createdByPersonId: input.createdBy })
    .returning();
  const [version] = await tx
    .insert(workflowVersions)
    .values({ tenantId: input.tenantId, typeId: type!.id, number: 1, isActive: true, isPublished: true, publishedAt: new Date(), bpmnXml: input.xml, graph })
    .returning();
  await tx.insert(workflowVersionElements).values(
    graph.nodes.map((n) => ({
      tenantId: input.tenantId,
      versionId: version!.id,
      bpmnId: n.id,
      type: n.type ?? 'undefined',
      name: n.name,
      messageName: n.messageName ?? null,
      formId: n.formId ?? null,
    })),
  );
  return { id: type!.id };
}
