import type { Platform } from './platform/platform.ts';
import { allTenants, createTenant } from './modules/tenants/index.ts';

/** Operator commands, run either in this process or on behalf of the CLI through the admin socket. */
export async function runOperatorCommand(platform: Pick<Platform, 'db' | 'bus'>, command: string, args: Record<string, unknown>): Promise<unknown> {
  switch (command) {
    case 'tenant.create': {
      const { tenant } = await createTenant(platform.db, platform.bus, {
        subdomain: String(args.subdomain ?? ''),
        name: String(args.name ?? ''),
        adminEmail: String(args.adminEmail ?? ''),
        adminPassword: String(args.adminPassword ?? ''),
      });
      return { id: tenant.id, subdomain: tenant.subdomain, name: tenant.name };
    }
    case 'tenant.list':
      return (await allTenants(platform.db)).map((t) => ({ id: t.id, subdomain: t.subdomain, name: t.name, created_at: t.createdAt.toISOString() }));
    default:
      throw new Error(`Unknown command ${command}`);
  }
}
