import { sql, type SQL } from 'drizzle-orm';
import { registerReferenceCatalog } from '../forms/index.ts';

/**
 * Forms' asset fields (spec forms §3, issue 49): which picked ids are this tenant's assets, at the
 * audience's venues when it names some. The forms module checks a response's answers with it, as it
 * checks people, venues and locations.
 */
export function assetIdsSql(tenantId: string, picked: SQL, venues: readonly string[] | null): SQL {
  const atVenues = venues ? sql` AND venue_id = ANY(${sql.param([...venues])}::uuid[])` : sql``;
  return sql`SELECT id::text AS id FROM assets WHERE tenant_id = ${tenantId} AND id = ANY(${picked})${atVenues}`;
}

/** Called once as the routes register. */
export function registerAssetReferences(): void {
  registerReferenceCatalog('asset', assetIdsSql);
}
