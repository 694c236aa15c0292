import { normalizeEmail, PERMISSION_KEYS, type PermissionKey } from '@faena/domain';
import type { Platform } from '../platform/platform.ts';
import { allTenants, createTenant, enterTenant } from '../modules/tenants/index.ts';
import { ensureUser, hashPassword } from '../modules/auth/index.ts';
import { setPassportPermissions } from '../modules/permissions/index.ts';
import { seedDemoNotifications } from '../modules/notifications/index.ts';
import { insertPerson, seedDemoDirectory, setPersonDisabled } from '../modules/people/index.ts';
import { seedDemoActivities } from '../modules/activities/index.ts';
import { seedDemoPosts } from '../modules/posts/index.ts';
import { seedDemoChecklists } from '../modules/checklists/index.ts';
import { seedDemoLinks } from '../modules/links/index.ts';
import { seedDemoWorkflows } from '../modules/workflows/index.ts';
import { seedDemoReports } from '../modules/reports/index.ts';
import { seedDemoAssets } from '../modules/assets/index.ts';

export const DEMO_PASSWORD = 'faena-demo';
export const DEMO_ADMIN = 'admin@faena.test';

const WORKER: PermissionKey[] = ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_WF', 'VIEW_REPORTS', 'VIEW_ASSETS', 'VIEW_CHECKLISTS'];
const SUPERVISOR: PermissionKey[] = [...WORKER, 'VIEW_PEOPLE', 'VIEW_ORG_CHART', 'MANAGE_REPORTS', 'MANAGE_ASSETS', 'MANAGE_CHECKLISTS', 'VIEW_SETTINGS'];

const DEMO_ACCOUNTS: { email: string; name: string; permissions: PermissionKey[]; disabled?: boolean }[] = [
  { email: 'supervisora@faena.test', name: 'Camila Rojas', permissions: SUPERVISOR },
  { email: 'operario@faena.test', name: 'Matías González', permissions: WORKER },
  { email: 'rrhh@faena.test', name: 'Valentina Muñoz', permissions: [...SUPERVISOR, 'MANAGE_PEOPLE', 'MANAGE_ORG_CHART', 'IMPERSONATE_USERS'] },
  { email: 'inactivo@faena.test', name: 'Jorge Soto', permissions: WORKER, disabled: true },
];

const FIRST = [
  'Sofía',
  'Benjamín',
  'Isidora',
  'Vicente',
  'Florencia',
  'Agustín',
  'Antonia',
  'Joaquín',
  'Emilia',
  'Tomás',
  'Martina',
  'Lucas',
  'Catalina',
  'Diego',
  'Josefa',
  'Maximiliano',
  'Fernanda',
  'Cristóbal',
  'Javiera',
  'Felipe',
  'Ximena',
  'Alonso',
  'Renata',
  'Gaspar',
];
const LAST = ['Pérez', 'Silva', 'Contreras', 'Díaz', 'Morales', 'Araya', 'Fuentes', 'Castillo', 'Espinoza', 'Tapia', 'Reyes', 'Gutiérrez', 'Vargas', 'Hernández', 'López', 'Ramírez'];

/** Seeds an empty database (API.md "Demo seed"); does nothing when any tenant exists. */
export async function seedDemo(platform: Platform): Promise<boolean> {
  const { db, bus } = platform;
  if ((await allTenants(db)).length > 0) return false;
  const { tenant } = await createTenant(db, bus, {
    subdomain: 'demo',
    name: 'Faena Demo',
    adminEmail: DEMO_ADMIN,
    adminPassword: DEMO_PASSWORD,
    adminName: 'Administración Faena',
    allFlagsOn: true,
    signInMethods: ['PASSWORD', 'GOOGLE', 'MAGIC_LINK'],
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(tenant.id, async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await ensureUser(tx, { email: account.email, name: account.name, passwordHash });
      const person = await insertPerson(tx, tenant.id, { name: account.name, primaryEmail: account.email, userId: user.id });
      await setPassportPermissions(tx, tenant.id, person.passport, { permissions: account.permissions });
      if (account.disabled) await setPersonDisabled(tx, tenant.id, person.id, true);
    }
    for (let i = 0; i < 40; i++) {
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3 + 5) % LAST.length]}`;
      const email = normalizeEmail(`${name.split(' ')[0]}.${name.split(' ')[1]}.${i}@faena.test`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
      const person = await insertPerson(tx, tenant.id, { name, primaryEmail: email });
      await setPassportPermissions(tx, tenant.id, person.passport, { permissions: WORKER });
    }
  });

  await seedDemoNotifications(platform, tenant.id);
  await seedDemoDirectory(platform, tenant.id);
  await seedDemoActivities(platform, tenant.id);
  await seedDemoPosts(platform, tenant.id);
  await seedDemoChecklists(platform, tenant.id);
  await seedDemoLinks(platform, tenant.id);
  await seedDemoWorkflows(platform, tenant.id);
  await seedDemoReports(platform, tenant.id);
  await seedDemoAssets(platform, tenant.id);

  // A second organisation, so isolation can be seen: same administrator identity, other people.
  const { tenant: norte } = await createTenant(db, bus, {
    subdomain: 'demo-norte',
    name: 'Minera Norte (demo)',
    adminEmail: 'admin@norte.test',
    adminPassword: DEMO_PASSWORD,
    adminName: 'Administración Norte',
    disabledModules: ['store', 'company'],
  });
  await db.transaction(norte.id, async (tx) => {
    await enterTenant(tx, norte.id);
    const admin = await ensureUser(tx, { email: DEMO_ADMIN, name: 'Administración Faena', passwordHash });
    const person = await insertPerson(tx, norte.id, { name: 'Administración Faena', primaryEmail: DEMO_ADMIN, userId: admin.id });
    await setPassportPermissions(tx, norte.id, person.passport, { permissions: [...PERMISSION_KEYS] });
    for (const name of ['Rodrigo Alvarado', 'Paula Cortés', 'Ignacio Navarro']) await insertPerson(tx, norte.id, { name });
  });
  return true;
}
