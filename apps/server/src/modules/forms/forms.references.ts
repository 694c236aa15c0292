import { sql, type SQL } from 'drizzle-orm';
import { scopeKey, type ReferenceScope } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/ids.ts';
import { audiencePersonsSql, type AudienceRow, findAudience } from '../audiences/index.ts';
import { activeLocationIdsSql, activeVenueIdsSql } from '../catalogs/index.ts';
import { activeRowKeysSql } from '../data-sources/index.ts';
import { enabledPersonIdsSql } from '../people/index.ts';

/**
 * Which of the rows a response names its pickers would have offered (spec forms §3), one
 * statement per picker scope: enabled persons (of the field's audience when it has one), active
 * venues and locations (of the audience's venues when it names some), active rows of an active
 * data source. An audience that is not the tenant's offers nobody, as its picker offers nothing.
 * The answer is the `knownReference` of `validateResponse`.
 */
export async function knownReferences(
  tx: Drizzle,
  tenantId: string,
  wanted: ReadonlyMap<string, { scope: ReferenceScope; ids: ReadonlySet<string> }>,
): Promise<(scope: ReferenceScope, id: string) => boolean> {
  const found = new Map<string, Set<string>>();
  // a user and a venue picker often share an audience: each is read once
  const audiences = new Map<string, Promise<AudienceRow | null>>();
  const audienceOf = (id: string) => {
    if (!audiences.has(id)) audiences.set(id, isUuid(id) ? findAudience(tx, tenantId, id) : Promise.resolve(null));
    return audiences.get(id)!;
  };
  for (const [key, { scope, ids }] of wanted) found.set(key, await foundIn(tx, tenantId, scope, [...ids], audienceOf));
  // ids are compared as the database writes them (a uuid in lower case); a data source's keys as they are
  return (scope, id) => found.get(scopeKey(scope))?.has(scope.kind === 'data_source' ? id : id.toLowerCase()) ?? false;
}

type AudienceOf = (id: string) => Promise<AudienceRow | null>;

/**
 * Catalogues of other modules that the forms module does not import (assets imports forms): the
 * owner registers, at boot, the SQL of which picked ids it holds (narrowed to an audience's venues).
 */
export type CatalogSql = (tenantId: string, picked: SQL, venues: readonly string[] | null) => SQL;
const catalogs = new Map<'asset', CatalogSql>();
export function registerReferenceCatalog(kind: 'asset', catalog: CatalogSql): void {
  catalogs.set(kind, catalog);
}

async function foundIn(tx: Drizzle, tenantId: string, scope: ReferenceScope, ids: string[], audienceOf: AudienceOf): Promise<Set<string>> {
  const query = await scopeQuery(tenantId, scope, ids, audienceOf);
  if (!query) return new Set();
  const result = (await tx.execute(query)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
}

async function scopeQuery(tenantId: string, scope: ReferenceScope, ids: string[], audienceOf: AudienceOf): Promise<SQL | null> {
  if (scope.kind === 'data_source') {
    if (!scope.dataSource || !isUuid(scope.dataSource) || ids.length === 0) return null;
    return activeRowKeysSql(tenantId, scope.dataSource, ids);
  }
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return null;
  let rules = null;
  if (scope.audience !== null) {
    const audience = await audienceOf(scope.audience);
    if (!audience) return null;
    rules = audience.rules;
  }
  const picked = sql`${sql.param(uuids)}::uuid[]`;
  switch (scope.kind) {
    case 'user':
      return enabledPersonIdsSql(tenantId, picked, rules ? audiencePersonsSql(tenantId, rules) : null);
    case 'venue':
      return activeVenueIdsSql(tenantId, picked, rules && rules.venues.length > 0 ? rules.venues : null);
    case 'location':
      return activeLocationIdsSql(tenantId, picked, rules && rules.venues.length > 0 ? rules.venues : null);
    case 'asset':
      return catalogs.get('asset')?.(tenantId, picked, rules && rules.venues.length > 0 ? rules.venues : null) ?? null;
  }
}
