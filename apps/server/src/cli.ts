import { parseArgs } from 'node:util';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open.ts';
import { migrate } from './platform/db/migrate.ts';
import { EventBus } from './platform/events.ts';
import { acquireLock, adminSocketPath, lockHolder } from './platform/data-dir-lock.ts';
import { callAdminSocket } from './platform/admin-socket.ts';
import { runOperatorCommand } from './operator.ts';

const USAGE = `Usage:
  npm run cli -- tenant create <subdomain> --name <name> --admin-email <email> --admin-password <pw>
  npm run cli -- tenant list`;

async function run(command: string, args: Record<string, unknown>): Promise<unknown> {
  const config = loadConfig();
  // A running server owns the embedded database: ask it. Otherwise open the database here.
  if (!config.DATABASE_URL && lockHolder(config.DATA_DIR) !== null) {
    return callAdminSocket(adminSocketPath(config.DATA_DIR), command, args);
  }
  const lock = config.DATABASE_URL ? null : acquireLock(config.DATA_DIR, 'cli');
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const bus = new EventBus(db);
    return await runOperatorCommand({ db, bus }, command, args);
  } finally {
    await db.close();
    lock?.release();
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, 'admin-email': { type: 'string' }, 'admin-password': { type: 'string' }, json: { type: 'boolean' } },
  });
  const [area, verb, subdomain] = positionals;
  if (area === 'tenant' && verb === 'create' && subdomain && values.name && values['admin-email'] && values['admin-password']) {
    const tenant = (await run('tenant.create', { subdomain, name: values.name, adminEmail: values['admin-email'], adminPassword: values['admin-password'] })) as { id: string };
    console.log(tenant.id);
    return 0;
  }
  if (area === 'tenant' && verb === 'list') {
    const list = (await run('tenant.list', {})) as { id: string; subdomain: string; name: string }[];
    if (values.json) console.log(JSON.stringify(list, null, 2));
    else for (const t of list) console.log(`${t.id}\t${t.subdomain}\t${t.name}`);
    return 0;
  }
  console.error(USAGE);
  return 64;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
