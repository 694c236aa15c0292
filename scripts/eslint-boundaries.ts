// Module boundaries (decision 019), as one ESLint rule that resolves every relative import
// against the importing file, so a boundary is caught at any depth ('../people/x',
// '../../features/people/x', 'import()', 'export … from').
//
// Server: a file of apps/server/src/modules/<m>/ imports another module only through its public
// face, ../<other>/index.ts (a *.table.ts may name another module's *.table.ts: a foreign key is a
// constraint of the one schema, not a read or a write). apps/server/src/platform/ imports no
// module (nor the seed), except boot.ts, which assembles the app; the seed and the entry points
// use modules through their faces too.
// Web: a file of apps/web/src/features/<area>/ imports no other feature (a locales/index.ts may
// require another area's locales/index.ts: translations, no code); src/shared imports no feature;
// the app layer (src/app) and the entry may import any.
import path from 'node:path';
import type { Rule } from 'eslint';
import type { Node } from 'estree';

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';
/** Platform files that assemble the app from its modules. */
const ASSEMBLERS = new Set<string>(['apps/server/src/platform/boot.ts']);

interface Place {
  side: 'server' | 'web';
  kind: 'module' | 'modules-root' | 'platform' | 'app' | 'feature' | 'shared';
  name: string;
  rest: string;
}

/** Where a repository-relative path (forward slashes) lies, for the boundaries; null: nowhere they apply. */
function placeOf(file: string): Place | null {
  let match = file.match(/^apps\/server\/src\/modules\/([^/]+)\/(.+)$/);
  if (match) return { side: 'server', kind: 'module', name: match[1]!, rest: match[2]! };
  if (file.startsWith(`${SERVER}modules/`)) return { side: 'server', kind: 'modules-root', name: '', rest: file.slice(SERVER.length) };
  if (file.startsWith(`${SERVER}platform/`)) return { side: 'server', kind: 'platform', name: '', rest: file.slice(SERVER.length + 9) };
  if (file.startsWith(SERVER)) return { side: 'server', kind: 'app', name: '', rest: file.slice(SERVER.length) };
  match = file.match(/^apps\/web\/src\/features\/([^/]+)\/(.+)$/);
  if (match) return { side: 'web', kind: 'feature', name: match[1]!, rest: match[2]! };
  if (file.startsWith(`${WEB}shared/`)) return { side: 'web', kind: 'shared', name: '', rest: file.slice(WEB.length + 7) };
  return null;
}

/**
 * Why importing `target` from `from` (repository-relative paths, the target resolved) crosses a
 * boundary, or null when it may.
 */
export function boundaryProblem(from: string, target: string): string | null {
  const source = placeOf(from);
  const dest = placeOf(target);
  if (!source || !dest || source.side !== dest.side) return null;
  if (source.kind === 'module' && dest.kind === 'module' && source.name !== dest.name) {
    if (dest.rest === 'index.ts') return null;
    if (source.rest.endsWith('.table.ts') && dest.rest.endsWith('.table.ts')) return null;
    return `Module '${source.name}' may use module '${dest.name}' only through its public face, ../${dest.name}/index.ts (not ${dest.rest}).`;
  }
  if (source.kind === 'platform' && (dest.kind === 'module' || dest.kind === 'modules-root' || dest.kind === 'app') && !ASSEMBLERS.has(from)) {
    return 'The platform does not depend on modules (only boot.ts assembles the app from them).';
  }
  if (source.kind === 'platform' && dest.kind === 'module' && dest.rest !== 'index.ts') {
    return `Even boot.ts uses module '${dest.name}' only through ../modules/${dest.name}/index.ts.`;
  }
  if (source.kind === 'app' && dest.kind === 'module' && dest.rest !== 'index.ts') {
    return `The app's assembly (seed, entry points) uses module '${dest.name}' only through ../modules/${dest.name}/index.ts.`;
  }
  if (source.kind === 'feature' && dest.kind === 'feature' && source.name !== dest.name) {
    // A bundle of translations may require another area's bundle (texts, loaded with it): no code crosses.
    if (source.rest === 'locales/index.ts' && dest.rest === 'locales/index.ts') return null;
    return `Features do not import each other ('${source.name}' imports '${dest.name}'): go through src/shared or the app layer.`;
  }
  if (source.kind === 'shared' && dest.kind === 'feature') return 'src/shared does not import features: the app layer composes them.';
  return null;
}

const rule: Rule.RuleModule = {
  meta: { type: 'problem', docs: { description: 'Module and feature boundaries (decision 019).' }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (!placeOf(file)) return {};
    const check = (node: Node | null | undefined) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), node.value));
      const problem = boundaryProblem(file, target);
      if (problem) context.report({ node, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { imports: rule } };
