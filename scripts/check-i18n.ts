/**
 * `npm run check:i18n`: the web app's translations are complete and used keys exist.
 *
 * The shell's texts live in apps/web/src/shared/i18n/locales; every other area keeps its own
 * bundle in `<area>/locales/{es,es-MX,en}.json` (decision 012). All bundles are checked together.
 *
 * Fails when
 *  - a key exists in one of es, es-MX, en but not in another (plural suffixes aside), or a
 *    bundle lacks one of the three files;
 *  - two bundles define the same key, or an area bundle has no `index.ts` defining it;
 *  - a key used in apps/web/src (t('…'), i18n.t('…'), labelKey: '…', i18nKey="…") has no entry,
 *    or the fixed prefix of a template key (t(`modules.${x}`)) names no group;
 *  - the {{placeholders}} of a text differ between languages, or a text writes {{count}} bare
 *    (counts are `{{count, number}}`: grouped like the screens' own numbers, decision 012);
 *  - a text the spec quotes (API.md §Web) differs from the spec in any language;
 *  - an area's screens (what its `routes.tsx` reaches by relative imports) use texts of a bundle
 *    its `locales` do not load (nor the bundles those require, nor the shell's).
 * Prints unused keys as information.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const src = join(root, 'apps/web/src');
const localesDir = join(src, 'shared/i18n/locales');
const LOCALES = ['es', 'es-MX', 'en'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Texts the spec quotes in English: the same words in every language (API.md §Web). */
const SPEC_ENGLISH: Record<string, string> = {
  'notFound.title': 'Page Not Found',
  'notFound.titleNative': 'Screen Not Found',
  'tenant.notFound': 'Organization {{x}} not found.',
  'tenant.persists': 'If the problem persists, contact your administrator.',
  'session.expired': 'Your session has expired. Please sign in again.',
  'validation.invalidEmail': 'Invalid email',
  'imports.errors.PERSON_ROW_INVALID_RUT': 'Invalid RUT',
  'imports.errors.PERSON_ROW_INVALID_EMAIL': 'Invalid email',
  'imports.errors.PERSON_ROW_EMAIL_IN_USE': 'Email already in use',
  'validation.passwordRequired': 'You must enter a password',
  'auth.methodUnavailable': 'That sign-in method is not yet available on this version',
  'auth.noMethods': 'Oops, there are no sign-in methods available for {{x}}',
  'auth.errors.notMember': 'You are not registered in {{x}}',
  'auth.magic.failed': 'Sign in with email link failed',
  'shell.impersonating': 'impersonating {{name}}',
  'errors.saveFailed': 'Error while trying to save',
  'notifications.inboxNotificationsSseError': "Due to an error you won't be alerted of new in-app notifications.",
};

/** Spanish texts of the spec, verbatim in es and es-MX. */
const SPEC_SPANISH: Record<string, string> = {
  'session.revoked': 'Tu sesión ha sido revocada por el sistema, probablemente no perteneces a la organización.',
  'auth.errors.passwordUnavailable': 'El inicio de sesión con contraseña no está disponible en estos momentos.',
  'auth.errors.notMemberTitle': 'No perteneces a la organización',
  'underConstruction.title': 'Módulo en construcción',
  'nav.home': 'Inicio',
  'nav.posts': 'Comunicados',
  'nav.activities': 'Actividades',
  'nav.links': 'Links de interés',
  'nav.reports': 'Reportes',
  'nav.assets': 'Activos',
  'nav.people': 'Organización',
  'nav.orgChart': 'Organigrama',
  'nav.checklists': 'Checklists',
  'nav.audiences': 'Audiencias',
  'nav.workflows': 'Workflows',
  'nav.checklistAdmin': 'Administración de checklists',
  'auth.methods.GOOGLE': 'Google',
  'auth.methods.MAGIC_LINK': 'vínculo mágico',
  'auth.methods.PASSWORD': 'correo y contraseña',
  'auth.methods.UNKNOWN': '[método desconocido]',
  'notifications.deleteUnavailable': 'Eliminar notificaciones no está disponible en nuestro servicio de mensajería aún.',
  'notifications.newNotifications': 'Tienes nuevas notificaciones',
  'notifications.permission.requestFailed': 'No pudimos pedir el permiso para enviar notificaciones a tu celular. Las notificaciones solo aparecerán mientras estés mirando la app.',
  'notifications.permission.unsupportedWeb': 'Si necesitas que las notificaciones lleguen a tu celular incluso mientras no estés mirando nuestra página web, usa nuestra app.',
};

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

function walk(dir: string, files: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
const base = (key: string) => key.replace(PLURAL, '');

const problems: string[] = [];

/** Every directory named `locales` under apps/web/src: the shell's and the areas' bundles. */
function bundleDirs(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'locales') found.push(path);
    else bundleDirs(path, found);
  }
  return found;
}

const locales = new Map(LOCALES.map((locale) => [locale, new Map<string, string>()]));
const owner = new Map<string, string>();
const dirs = bundleDirs(src);
for (const dir of dirs) {
  const where = relative(root, dir);
  if (dir !== localesDir && !existsSync(join(dir, 'index.ts'))) problems.push(`${where}: no index.ts defining the bundle (defineLocales)`);
  for (const locale of LOCALES) {
    const file = join(dir, `${locale}.json`);
    if (!existsSync(file)) {
      problems.push(`${where}: missing ${locale}.json`);
      continue;
    }
    for (const [key, text] of flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree)) {
      const first = owner.get(`${locale}:${key}`);
      if (first !== undefined && first !== where) problems.push(`${locale}: "${key}" is defined in both ${first} and ${where}`);
      owner.set(`${locale}:${key}`, where);
      locales.get(locale)!.set(key, text);
    }
  }
}

// 1. Same keys everywhere.
const allKeys = new Set<string>();
for (const texts of locales.values()) for (const key of texts.keys()) allKeys.add(base(key));
for (const [locale, texts] of locales) {
  const have = new Set([...texts.keys()].map(base));
  for (const key of allKeys) if (!have.has(key)) problems.push(`${locale}: missing key "${key}"`);
}

// 2. Same placeholders everywhere; counts formatted.
for (const [locale, texts] of locales) for (const [key, text] of texts) if (/\{\{\s*count\s*\}\}/.test(text)) problems.push(`${locale}: "${key}" writes {{count}}: use {{count, number}}`);
for (const key of allKeys) {
  const seen = new Map<string, string>();
  for (const [locale, texts] of locales) {
    for (const [k, text] of texts) if (base(k) === key) seen.set(locale, [...new Set([...(seen.get(locale)?.split(',') ?? []), ...placeholders(text).split(',')])].filter(Boolean).sort().join(','));
  }
  const variants = new Set(seen.values());
  if (variants.size > 1) problems.push(`"${key}": placeholders differ between languages (${[...seen].map(([l, p]) => `${l}: ${p || '—'}`).join('; ')})`);
}

// 3. Spec texts verbatim.
for (const [key, text] of Object.entries(SPEC_ENGLISH)) {
  for (const [locale, texts] of locales) if (texts.get(key) !== text) problems.push(`${locale}: "${key}" must read exactly '${text}' (spec text), found '${texts.get(key) ?? '(missing)'}'`);
}
for (const [key, text] of Object.entries(SPEC_SPANISH)) {
  for (const locale of ['es', 'es-MX'] as const) if (locales.get(locale)!.get(key) !== text) problems.push(`${locale}: "${key}" must read exactly '${text}' (spec text)`);
}

// 4. Used keys exist.
const es = locales.get('es')!;
const esBases = new Set([...es.keys()].map(base));
const used = new Set<string>();
/** A template key's fixed prefix: t(`modules.${x}`). */
const TEMPLATE_KEY = /(?<![\w$.])(?:i18n\.)?t\(\s*`([a-zA-Z0-9_.-]+)\.\$\{/g;
const patterns = [/(?<![\w$.])(?:i18n\.)?t\(\s*'([^'$]+)'/g, /(?<![\w$.])(?:i18n\.)?t\(\s*"([^"$]+)"/g, /\blabelKey:\s*'([^']+)'/g, /\bi18nKey="([^"]+)"/g];
for (const file of walk(src)) {
  const text = readFileSync(file, 'utf8');
  const where = relative(root, file);
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const key = match[1]!;
      used.add(key);
      if (!esBases.has(key)) problems.push(`${where}: t('${key}') has no entry in the locale files`);
    }
  }
  for (const match of text.matchAll(TEMPLATE_KEY)) {
    const prefix = `${match[1]!}.`;
    used.add(prefix);
    if (![...esBases].some((key) => key.startsWith(prefix))) problems.push(`${where}: template key \`${prefix}\${…}\` names no group in the locale files`);
  }
}

// 5. Each area's screens load the bundles of the keys they use. An area's `routes.tsx` exports
// `locales` (decision 012): the keys of every file it reaches by relative imports must come from
// those bundles, the bundles they require, or the shell's, which is always loaded. Otherwise the
// screen shows the keys themselves wherever it is opened first (tests register every bundle).
const namespacesOf = (dir: string) => Object.keys(JSON.parse(readFileSync(join(dir, 'es.json'), 'utf8')) as Tree);
const bundles = new Map<string, { namespaces: string[]; requires: string[] }>();
for (const dir of dirs) {
  if (dir === localesDir) continue;
  const index = readFileSync(join(dir, 'index.ts'), 'utf8');
  for (const match of index.matchAll(/export const (\w+) = defineLocales\([^,)]*\)(?:\s*,\s*\[([^\]]*)\])?/g)) {
    bundles.set(match[1]!, {
      namespaces: namespacesOf(dir),
      requires: (match[2] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    });
  }
}
const always = new Set(namespacesOf(localesDir));
const reached = (start: string): string[] => {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+\.tsx?)'/g)) queue.push(join(file, '..', match[1]!));
  }
  return [...seen];
};
for (const routes of walk(src).filter((file) => file.endsWith('/routes.tsx'))) {
  const listed = /export const locales = \[([^\]]*)\]/.exec(readFileSync(routes, 'utf8'));
  if (!listed) continue;
  const loaded = new Set(always);
  const pending = listed[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of pending) {
    const bundle = bundles.get(name);
    if (!bundle) {
      problems.push(`${relative(root, routes)}: locales lists ${name}, which no locales/index.ts defines`);
      continue;
    }
    for (const namespace of bundle.namespaces) loaded.add(namespace);
    for (const required of bundle.requires) if (!pending.includes(required)) pending.push(required);
  }
  const missing = new Map<string, string>();
  for (const file of reached(routes)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [...patterns, TEMPLATE_KEY]) {
      for (const match of text.matchAll(pattern)) {
        const namespace = match[1]!.split('.')[0]!;
        if (!loaded.has(namespace) && !missing.has(namespace)) missing.set(namespace, `${relative(root, file)}: t('${match[1]!}')`);
      }
    }
  }
  for (const [namespace, example] of missing) problems.push(`${relative(root, routes)}: its screens use "${namespace}" texts (${example}) but its locales do not load that bundle`);
}

const unused = [...esBases].filter((key) => !used.has(key) && ![...used].some((u) => u.endsWith('.') && key.startsWith(u)));
if (unused.length > 0) console.log(`i18n: ${unused.length} key(s) not referenced literally (dynamic use is fine): ${unused.slice(0, 20).join(', ')}${unused.length > 20 ? ', …' : ''}`);

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n: ${esBases.size} keys in ${LOCALES.join(', ')} (${dirs.length} bundles); ${used.size} used in apps/web/src; all present.`);
