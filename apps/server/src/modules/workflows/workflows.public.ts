import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { WORKFLOW_MESSAGES } from '@faena/domain/workflows/index';
import type { TWfPublicReceipt, TWfPublicSetting, TWfPublicStartForm, TWfPublicTracking } from '@faena/contracts/workflows-extras';
import type { Drizzle } from '../../platform/db/database.ts';
import { countPublicAttempt } from '../../platform/attempt-limits.ts';
import { AppError, BodyError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { getForm } from '../forms/index.ts';
import { workflowPublicAttempts, workflowPublicLinks, workflowPublicStarts } from './public.table.ts';
import { checkedAnswer } from './workflows.answers.ts';
import { startExecution } from './workflows.engine.ts';
import { workflowTypes, workflowVersions } from './workflows.table.ts';

/**
 * Public start links (decision 025): a type whose owner turned its link on can be started without
 * signing in, at its active version (by group) or at a named published version (legacy shape). The
 * execution has no starter person; its "starter" tasks go to the type's owner (the engine's
 * resolveAssignees). Each attempt is counted per address and per type; the person gets a tracking
 * code that shows the status only.
 */

/** Per address (per tenant): attempts in the window. */
export const PUBLIC_LIMITS = { perAddress: 10, addressWindowSeconds: 600, perType: 200, typeWindowSeconds: 3600 };

const notFound = () => new AppError('not-found', 'This workflow has no public start link.');
const coded = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) => new BodyError(status, { code, detail, ...extra });
/** Crockford's base32 without the look-alikes: 12 characters = 60 random bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newTrackingCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return code;
}
const normaliseCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

export async function getPublicSetting(ctx: Ctx, typeId: string): Promise<TWfPublicSetting> {
  return ctx.tx(async (tx) => {
    await findType(tx, ctx.tenant.id, typeId, () => new AppError('not-found', 'Workflow type not found.'));
    const [row] = await tx
      .select()
      .from(workflowPublicLinks)
      .where(and(eq(workflowPublicLinks.tenantId, ctx.tenant.id), eq(workflowPublicLinks.typeId, typeId)));
    return { enabled: row?.enabled ?? false };
  });
}

export async function setPublicSetting(ctx: Ctx, typeId: string, input: TWfPublicSetting): Promise<TWfPublicSetting> {
  const { caller } = signedIn(ctx);
  return ctx.tx(
    async (tx) => {
      await findType(tx, ctx.tenant.id, typeId, () => new AppError('not-found', 'Workflow type not found.'));
      await tx
        .insert(workflowPublicLinks)
        .values({ tenantId: ctx.tenant.id, typeId, enabled: input.enabled, updatedBy: caller.personId })
        .onConflictDoUpdate({ target: [workflowPublicLinks.tenantId, workflowPublicLinks.typeId], set: { enabled: input.enabled, updatedBy: caller.personId, updatedAt: new Date() } });
      return { enabled: input.enabled };
    },
    { audit: 'workflows.type.public-link', details: { enabled: input.enabled } },
  );
}

async function findType(tx: Drizzle, tenantId: string, typeId: string, missing: () => Error) {
  const [row] = isUuid(typeId)
    ? await tx
        .select()
        .from(workflowTypes)
        .where(and(eq(workflowTypes.tenantId, tenantId), eq(workflowTypes.id, typeId)))
    : [];
  if (!row) throw missing();
  return row;
}

/** Which version a link names: a version id (legacy shape) or the type's group of versions (its active one). */
export type VersionRef = { versionId: string } | { group: string };

interface Resolved {
  type: typeof workflowTypes.$inferSelect;
  version: typeof workflowVersions.$inferSelect;
  formId: string | null;
}

/** The public type, version and start event a link names; 404 when not public, 409 draft for a draft. */
async function resolve(ctx: Ctx, typeId: string, ref: VersionRef, bpmnId: string): Promise<Resolved> {
  return ctx.tx(async (tx) => {
    const type = await findType(tx, ctx.tenant.id, typeId, notFound);
    if (type.isArchived) throw notFound();
    const [link] = await tx
      .select()
      .from(workflowPublicLinks)
      .where(and(eq(workflowPublicLinks.tenantId, ctx.tenant.id), eq(workflowPublicLinks.typeId, type.id)));
    if (!link?.enabled) throw notFound();
    let version: typeof workflowVersions.$inferSelect | undefined;
    if ('versionId' in ref) {
      [version] = isUuid(ref.versionId)
        ? await tx
            .select()
            .from(workflowVersions)
            .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, type.id), eq(workflowVersions.id, ref.versionId)))
        : [];
      if (!version) throw notFound();
    } else {
      // the group of versions is the type itself (Faena has no other grouping of versions)
      if (ref.group !== type.id) throw notFound();
      [version] = await tx
        .select()
        .from(workflowVersions)
        .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, type.id), eq(workflowVersions.isActive, true)));
      if (!version) {
        const [draft] = await tx
          .select({ id: workflowVersions.id })
          .from(workflowVersions)
          .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, type.id)))
          .orderBy(asc(workflowVersions.number));
        if (draft) throw coded(409, 'draft', WORKFLOW_MESSAGES.draft);
        throw notFound();
      }
    }
    if (!version.isPublished) throw coded(409, 'draft', WORKFLOW_MESSAGES.draft);
    if (!version.isActive) throw coded(409, 'inactive-version', 'This version is no longer active: use the link of the active version.');
    const start = version.graph.nodes.find((n) => n.id === bpmnId && n.type === 'VanillaStartEvent');
    if (!start) throw new AppError('not-found', 'This start event does not exist in the workflow.');
    return { type, version, formId: start.formId && isUuid(start.formId) ? start.formId : null };
  });
}

const tenantFace = (ctx: Ctx) => ({ name: ctx.tenant.name, logo_url: ctx.tenant.logoUrl });

export async function publicStartForm(ctx: Ctx, typeId: string, ref: VersionRef, bpmnId: string): Promise<TWfPublicStartForm> {
  const { type, formId } = await resolve(ctx, typeId, ref, bpmnId);
  const form = formId ? await getForm(ctx, formId).catch(() => null) : null;
  return { workflow_type: { id: type.id, name: type.name, description: type.description, icon: type.icon }, tenant: tenantFace(ctx), bpmn_id: bpmnId, form };
}

/** Counts the attempt (in its own transaction: it stays when the start fails) or refuses it with 429 and Retry-After. */
async function countAttempt(ctx: Ctx, typeId: string, address: string): Promise<void> {
  const t = workflowPublicAttempts;
  await countPublicAttempt(
    ctx.platform.db,
    { table: t, tenantId: t.tenantId, subject: t.typeId, addressHash: t.addressHash, at: t.at },
    {
      tenantId: ctx.tenant.id,
      subjectId: typeId,
      address,
      limits: {
        perAddress: PUBLIC_LIMITS.perAddress,
        addressWindowSeconds: PUBLIC_LIMITS.addressWindowSeconds,
        perSubject: PUBLIC_LIMITS.perType,
        subjectWindowSeconds: PUBLIC_LIMITS.typeWindowSeconds,
      },
      detail: 'Too many public requests: try again later.',
      record: (tx, addressHash) => tx.insert(t).values({ tenantId: ctx.tenant.id, typeId, addressHash }),
    },
  );
}

/** Starts an execution with no starter person; the answers are validated by the start form. */
export async function publicStart(ctx: Ctx, typeId: string, ref: VersionRef, bpmnId: string, variables: Record<string, unknown>, address: string): Promise<TWfPublicReceipt> {
  const { type, version, formId } = await resolve(ctx, typeId, ref, bpmnId);
  await countAttempt(ctx, type.id, address);
  let stored = variables;
  if (formId) {
    stored = await checkedAnswer(ctx, formId, variables);
  }
  const code = newTrackingCode();
  const exec = await ctx.tx(
    async (tx) => {
      const started = await startExecution(ctx.platform, tx, { tenantId: ctx.tenant.id, typeId: type.id, versionId: version.id, name: type.name, startedBy: null, variables: stored, startId: bpmnId });
      await tx.insert(workflowPublicStarts).values({ tenantId: ctx.tenant.id, code, executionId: started.id, typeId: type.id });
      return started;
    },
    { audit: 'workflows.execution.public-start', subject: (r) => r.id },
  );
  return { tracking_code: code, workflow_type: type.name, status: exec.status as TWfPublicReceipt['status'], created_at: exec.createdAt.toISOString() };
}

/** Status only, by tracking code (unknown → 404). */
export async function publicTracking(ctx: Ctx, rawCode: string): Promise<TWfPublicTracking> {
  const code = normaliseCode(rawCode);
  if (code.length !== 12) throw new AppError('not-found', 'No request has this tracking code.');
  return ctx.tx(async (tx) => {
    const found = (await tx.execute(sql`
      SELECT e.status, e.created_at, e.completed_at, t.name AS type_name,
        (SELECT el.name FROM workflow_user_tasks u JOIN workflow_elements el ON el.tenant_id = u.tenant_id AND el.id = u.id
          WHERE u.tenant_id = e.tenant_id AND u.execution_id = e.id AND u.is_open ORDER BY u.created_at LIMIT 1) AS step
      FROM workflow_public_starts s
      JOIN workflow_executions e ON e.tenant_id = s.tenant_id AND e.id = s.execution_id
      JOIN workflow_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id
      WHERE s.tenant_id = ${ctx.tenant.id} AND s.code = ${code}`)) as unknown as {
      rows: { status: string; created_at: string | Date; completed_at: string | Date | null; type_name: string; step: string | null }[];
    };
    const row = found.rows[0];
    if (!row) throw new AppError('not-found', 'No request has this tracking code.');
    return {
      tracking_code: code,
      workflow_type: row.type_name,
      status: row.status as TWfPublicTracking['status'],
      current_step: row.status === 'InProcess' ? (row.step ?? null) : null,
      created_at: new Date(row.created_at).toISOString(),
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      tenant: tenantFace(ctx),
    };
  });
}
