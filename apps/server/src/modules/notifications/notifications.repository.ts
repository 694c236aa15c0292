import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { enabledPersonSql, tenantPersonIdsSql } from '../people/index.ts';
import { notificationPreferences } from './notification-preferences.table.ts';
import { notificationDevices, notificationInboxes, notifications } from './notifications.table.ts';

export const notificationColumns = {
  id: notifications.id,
  personId: notifications.personId,
  seq: notifications.seq,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  priority: notifications.priority,
  visibility: notifications.visibility,
  contextType: notifications.contextType,
  contextAction: notifications.contextAction,
  contextId: notifications.contextId,
  contextPath: notifications.contextPath,
  requestedAt: notifications.requestedAt,
  checkedAt: notifications.checkedAt,
};
export interface NotificationRow {
  id: string;
  personId: string;
  seq: number;
  kind: string;
  title: string;
  body: string;
  priority: number;
  visibility: number;
  contextType: string;
  contextAction: string;
  contextId: string | null;
  contextPath: string | null;
  requestedAt: Date;
  checkedAt: Date | null;
}

export interface NewNotifications {
  kind: string;
  title: string;
  body: string;
  priority: number;
  visibility: number;
  contextType: string;
  contextAction: string;
  contextId: string | null;
  contextPath: string | null;
}

/** A PostgreSQL array literal of uuids or integers (validated by the caller): one parameter, any length. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * Adds one notification for each of `personIds` that is a person of the tenant, in one
 * statement: each person's counter row is bumped (and locked until commit, in person order, so
 * concurrent producers cannot interleave a person's sequence), and its new `seq` numbers the row.
 */
export async function insertNotifications(tx: Drizzle, tenantId: string, personIds: readonly string[], values: NewNotifications): Promise<{ id: string; personId: string; seq: number }[]> {
  const result = (await tx.execute(sql`
    WITH recipients AS (
      ${tenantPersonIdsSql(tenantId, personIds)}
    ), bumped AS (
      INSERT INTO ${notificationInboxes} AS i (tenant_id, person_id, last_seq, total, unread)
      SELECT ${tenantId}::uuid, person_id, 1, 1, 1 FROM recipients
      ON CONFLICT (tenant_id, person_id) DO UPDATE
        SET last_seq = i.last_seq + 1, total = i.total + 1, unread = i.unread + 1
      RETURNING person_id, last_seq
    )
    INSERT INTO ${notifications} (tenant_id, person_id, seq, kind, title, body, priority, visibility, context_type, context_action, context_id, context_path)
    SELECT ${tenantId}::uuid, person_id, last_seq, ${values.kind}::text, ${values.title}::text, ${values.body}::text,
           ${values.priority}::smallint, ${values.visibility}::smallint,
           ${values.contextType}::text, ${values.contextAction}::text, ${values.contextId}::text, ${values.contextPath}::text
    FROM bumped
    RETURNING id, person_id, seq`)) as unknown as { rows: { id: string; person_id: string; seq: string | number }[] };
  return result.rows.map((row) => ({ id: row.id, personId: row.person_id, seq: Number(row.seq) }));
}

export async function inboxCounters(tx: Drizzle, tenantId: string, personId: string): Promise<{ lastSeq: number; total: number; unread: number }> {
  const [row] = await tx
    .select({ lastSeq: notificationInboxes.lastSeq, total: notificationInboxes.total, unread: notificationInboxes.unread })
    .from(notificationInboxes)
    .where(and(eq(notificationInboxes.tenantId, tenantId), eq(notificationInboxes.personId, personId)));
  return row ?? { lastSeq: 0, total: 0, unread: 0 };
}

/**
 * One page of a person's inbox, newest first (index notifications_person_seq, backwards), and
 * the person's counters, in one statement: the page costs the same at 20 rows or 100,000.
 */
export async function listInbox(tx: Drizzle, tenantId: string, personId: string, page: { offset: number; limit: number }): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const result = (await tx.execute(sql`
    SELECT i.total AS inbox_total, i.unread AS inbox_unread, n.*
    FROM (SELECT 1) AS one
    LEFT JOIN ${notificationInboxes} i ON i.tenant_id = ${tenantId} AND i.person_id = ${personId}
    LEFT JOIN LATERAL (
      SELECT n.id, n.person_id, n.seq, n.kind, n.title, n.body, n.priority, n.visibility,
             n.context_type, n.context_action, n.context_id, n.context_path, n.requested_at, n.checked_at
      FROM ${notifications} n
      WHERE n.tenant_id = ${tenantId} AND n.person_id = ${personId}
      ORDER BY n.seq DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) n ON true
    ORDER BY n.seq DESC`)) as unknown as { rows: (RawNotification & { inbox_total: number | null; inbox_unread: number | null })[] };
  const first = result.rows[0];
  return {
    rows: result.rows.filter((row) => row.id !== null).map(fromRaw),
    total: Number(first?.inbox_total ?? 0),
    unread: Number(first?.inbox_unread ?? 0),
  };
}

export async function findNotification(tx: Drizzle, tenantId: string, personId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await tx
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.personId, personId), eq(notifications.id, id)));
  return row ?? null;
}

/** Marks one of the person's notifications read; null when it is not theirs or already read. */
export async function checkNotification(tx: Drizzle, tenantId: string, personId: string, id: string, at: Date): Promise<NotificationRow | null> {
  const [row] = await tx
    .update(notifications)
    .set({ checkedAt: at })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.personId, personId), eq(notifications.id, id), isNull(notifications.checkedAt)))
    .returning(notificationColumns);
  if (row) await adjustUnread(tx, tenantId, personId, -1);
  return row ?? null;
}

export async function checkAllNotifications(tx: Drizzle, tenantId: string, personId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ checkedAt: at })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.personId, personId), isNull(notifications.checkedAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await adjustUnread(tx, tenantId, personId, -rows.length);
  return rows.length;
}

async function adjustUnread(tx: Drizzle, tenantId: string, personId: string, delta: number): Promise<void> {
  await tx
    .update(notificationInboxes)
    .set({ unread: sql`greatest(${notificationInboxes.unread} + ${delta}, 0)` })
    .where(and(eq(notificationInboxes.tenantId, tenantId), eq(notificationInboxes.personId, personId)));
}

/** How many notifications of `kind` the person received since `since` (a rate limit's window). */
export async function countRecentOfKind(tx: Drizzle, tenantId: string, personId: string, kind: string, since: Date, scan: number): Promise<number> {
  const recent = tx
    .select({ kind: notifications.kind, requestedAt: notifications.requestedAt })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.personId, personId)))
    .orderBy(desc(notifications.seq))
    .limit(scan)
    .as('recent');
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(recent)
    .where(and(eq(recent.kind, kind), sql`${recent.requestedAt} > ${since.toISOString()}`));
  return row?.count ?? 0;
}

/**
 * What a set of streams has not seen yet: for each person, up to `limit` notifications after
 * its cursor, oldest first — one statement whatever the number of persons.
 */
export async function notificationsAfter(tx: Drizzle, tenantId: string, cursors: readonly { personId: string; after: number }[], limit: number): Promise<NotificationRow[]> {
  const result = (await tx.execute(sql`
    SELECT n.id, n.person_id, n.seq, n.kind, n.title, n.body, n.priority, n.visibility,
           n.context_type, n.context_action, n.context_id, n.context_path, n.requested_at, n.checked_at
    FROM unnest(${arrayLiteral(cursors.map((c) => c.personId))}::uuid[], ${arrayLiteral(cursors.map((c) => c.after))}::bigint[]) AS c(person_id, after)
    CROSS JOIN LATERAL (
      SELECT * FROM ${notifications} n
      WHERE n.tenant_id = ${tenantId} AND n.person_id = c.person_id AND n.seq > c.after
      ORDER BY n.seq
      LIMIT ${limit}
    ) n
    ORDER BY n.person_id, n.seq`)) as unknown as { rows: RawNotification[] };
  return result.rows.map(fromRaw);
}

/** Notifications with the push devices of their (enabled) recipients, unread ones only. */
export async function pushTargets(
  tx: Drizzle,
  tenantId: string,
  notificationIds: readonly string[],
  deviceId: string | null,
): Promise<{ notification: NotificationRow; device: { id: string; token: string; transport: string } }[]> {
  const rows = await tx
    .select({
      ...notificationColumns,
      deviceId: notificationDevices.id,
      deviceToken: notificationDevices.token,
      deviceTransport: notificationDevices.transport,
    })
    .from(notifications)
    .innerJoin(notificationDevices, and(eq(notificationDevices.tenantId, notifications.tenantId), eq(notificationDevices.personId, notifications.personId)))
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        inArray(notifications.id, [...notificationIds]),
        isNull(notifications.checkedAt),
        enabledPersonSql(notifications.tenantId, notifications.personId),
        ...(deviceId ? [eq(notificationDevices.id, deviceId)] : []),
      ),
    )
    .orderBy(asc(notifications.seq));
  return rows.map(({ deviceId: id, deviceToken: token, deviceTransport: transport, ...notification }) => ({ notification, device: { id, token, transport } }));
}

export async function anyDevice(tx: Drizzle, tenantId: string, personIds: readonly string[]): Promise<boolean> {
  const result = (await tx.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM ${notificationDevices}
      WHERE tenant_id = ${tenantId} AND person_id = ANY(${arrayLiteral(personIds)}::uuid[])
    ) AS found`)) as unknown as { rows: { found: boolean }[] };
  return result.rows[0]?.found === true;
}

export interface DeviceRow {
  id: string;
  transport: string;
  platform: string;
  createdAt: Date;
  updatedAt: Date;
}
const deviceColumns = {
  id: notificationDevices.id,
  transport: notificationDevices.transport,
  platform: notificationDevices.platform,
  createdAt: notificationDevices.createdAt,
  updatedAt: notificationDevices.updatedAt,
};

/** Registers a device for the person; a token already known moves to them (a shared browser). */
export async function upsertDevice(
  tx: Drizzle,
  tenantId: string,
  input: { personId: string; tokenHash: string; token: string; transport: string; platform: string; deviceInfo: Record<string, unknown> },
): Promise<DeviceRow> {
  const now = new Date();
  const [row] = await tx
    .insert(notificationDevices)
    .values({ tenantId, ...input })
    .onConflictDoUpdate({
      target: [notificationDevices.tenantId, notificationDevices.tokenHash],
      set: { personId: input.personId, token: input.token, transport: input.transport, platform: input.platform, deviceInfo: input.deviceInfo, updatedAt: now },
    })
    .returning(deviceColumns);
  return row!;
}

export async function deleteDevice(tx: Drizzle, tenantId: string, personId: string, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .delete(notificationDevices)
    .where(and(eq(notificationDevices.tenantId, tenantId), eq(notificationDevices.personId, personId), eq(notificationDevices.tokenHash, tokenHash)))
    .returning({ id: notificationDevices.id });
  return rows.length > 0;
}

export async function listDevices(tx: Drizzle, tenantId: string, personId: string): Promise<DeviceRow[]> {
  return tx
    .select(deviceColumns)
    .from(notificationDevices)
    .where(and(eq(notificationDevices.tenantId, tenantId), eq(notificationDevices.personId, personId)))
    .orderBy(desc(notificationDevices.updatedAt));
}

/** After a delivery round: devices the push service no longer knows go, the others note the outcome. */
export async function recordDeliveries(tx: Drizzle, tenantId: string, outcome: { gone: string[]; succeeded: string[]; failed: string[] }): Promise<void> {
  const now = new Date();
  if (outcome.gone.length > 0) {
    await tx.delete(notificationDevices).where(and(eq(notificationDevices.tenantId, tenantId), inArray(notificationDevices.id, outcome.gone)));
  }
  if (outcome.succeeded.length > 0) {
    await tx
      .update(notificationDevices)
      .set({ lastSuccessAt: now })
      .where(and(eq(notificationDevices.tenantId, tenantId), inArray(notificationDevices.id, outcome.succeeded)));
  }
  if (outcome.failed.length > 0) {
    await tx
      .update(notificationDevices)
      .set({ lastFailureAt: now })
      .where(and(eq(notificationDevices.tenantId, tenantId), inArray(notificationDevices.id, outcome.failed)));
  }
}

interface RawNotification {
  id: string;
  person_id: string;
  seq: string | number;
  kind: string;
  title: string;
  body: string;
  priority: number;
  visibility: number;
  context_type: string;
  context_action: string;
  context_id: string | null;
  context_path: string | null;
  requested_at: string | Date;
  checked_at: string | Date | null;
}

function fromRaw(row: RawNotification): NotificationRow {
  return {
    id: row.id,
    personId: row.person_id,
    seq: Number(row.seq),
    kind: row.kind,
    title: row.title,
    body: row.body,
    priority: Number(row.priority),
    visibility: Number(row.visibility),
    contextType: row.context_type,
    contextAction: row.context_action,
    contextId: row.context_id,
    contextPath: row.context_path,
    requestedAt: new Date(row.requested_at),
    checkedAt: row.checked_at === null ? null : new Date(row.checked_at),
  };
}

/** The persons among `personIds` who turned push off for `kind`. */
export async function pushMuted(tx: Drizzle, tenantId: string, personIds: readonly string[], kind: string): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await tx
    .select({ personId: notificationPreferences.personId })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.tenantId, tenantId), eq(notificationPreferences.kind, kind), eq(notificationPreferences.push, false), inArray(notificationPreferences.personId, [...personIds])),
    );
  return new Set(rows.map((row) => row.personId));
}

export async function preferencesOf(tx: Drizzle, tenantId: string, personId: string): Promise<Map<string, boolean>> {
  const rows = await tx
    .select({ kind: notificationPreferences.kind, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.tenantId, tenantId), eq(notificationPreferences.personId, personId)));
  return new Map(rows.map((row) => [row.kind, row.push]));
}

export async function savePreferences(tx: Drizzle, tenantId: string, personId: string, choices: readonly { kind: string; push: boolean }[]): Promise<void> {
  if (choices.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ tenantId, personId, kind: choice.kind, push: choice.push })))
    .onConflictDoUpdate({ target: [notificationPreferences.tenantId, notificationPreferences.personId, notificationPreferences.kind], set: { push: sql`excluded.push`, updatedAt: sql`now()` } });
}
