import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '../../../scripts/eslint-boundaries.ts';

// Module boundaries (decision 019): the lint rule, run through ESLint with the repository's own
// configuration on small fixtures, and a scan of the modules' public faces.
const root = join(import.meta.dirname, '../../..');
const modulesDir = join(root, 'apps/server/src/modules');
const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/imports').map((message) => message.message);
}

describe('module boundaries lint rule', () => {
  it("refuses a module's import of another module's repository, table or service, and allows its index.ts", async () => {
    const file = 'apps/server/src/modules/forms/boundary-fixture.ts';
    const code = [
      "import { findPerson } from '../people/people.repository.ts';",
      "import { persons } from '../people/people.table.ts';",
      "export { listPeople } from '../people/people.service.ts';",
      "import { personSummaries } from '../people/index.ts';",
      "import { AppError } from '../../platform/errors.ts';",
      "import { getForm } from './forms.service.ts';",
      "export const used = [findPerson, persons, personSummaries, AppError, getForm, () => import('../audiences/audiences.repository.ts')];",
    ].join('\n');
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('only through its public face, ../people/index.ts (not people.repository.ts)');
    expect(messages[1]).toContain('people.table.ts');
    expect(messages[2]).toContain('people.service.ts');
    expect(messages[3]).toContain('../audiences/index.ts');
  });

  it('keeps the platform free of modules, except boot.ts through their faces; the seed uses faces too', async () => {
    expect(await boundaryMessages('apps/server/src/platform/http/boundary-fixture.ts', "import { notify } from '../../modules/notifications/index.ts';\nexport { notify };")).toEqual([
      'The platform does not depend on modules (only boot.ts assembles the app from them).',
    ]);
    expect(boundaryProblem('apps/server/src/platform/boot.ts', 'apps/server/src/modules/index.ts')).toBeNull();
    expect(boundaryProblem('apps/server/src/platform/boot.ts', 'apps/server/src/modules/tenants/index.ts')).toBeNull();
    expect(boundaryProblem('apps/server/src/platform/boot.ts', 'apps/server/src/modules/tenants/tenants.service.ts')).toContain('only through');
    expect(boundaryProblem('apps/server/src/seed/demo.ts', 'apps/server/src/modules/people/people.repository.ts')).toContain('../modules/people/index.ts');
    expect(boundaryProblem('apps/server/src/seed/demo.ts', 'apps/server/src/modules/people/index.ts')).toBeNull();
    expect(boundaryProblem('apps/server/src/platform/http/app.ts', 'apps/server/src/seed/demo.ts')).toContain('does not depend');
  });

  it('refuses a web feature importing another feature at any depth, and lets the app layer import features', async () => {
    const sibling = await boundaryMessages('apps/web/src/features/audiences/boundary-fixture.ts', "import { x } from '../people/api.ts';\nexport { x };");
    expect(sibling).toHaveLength(1);
    expect(sibling[0]).toContain("('audiences' imports 'people')");
    const deep = await boundaryMessages('apps/web/src/features/audiences/components/boundary-fixture.tsx', "import { x } from '../../people/components/person-card.tsx';\nexport { x };");
    expect(deep).toHaveLength(1);
    const own = await boundaryMessages(
      'apps/web/src/features/audiences/components/boundary-fixture.tsx',
      "import { x } from '../api.ts';\nimport { y } from '../../../shared/ui/page.tsx';\nexport { x, y };",
    );
    expect(own).toEqual([]);
    expect(await boundaryMessages('apps/web/src/app/boundary-fixture.tsx', "export const people = () => import('../features/people/routes.tsx');")).toEqual([]);
    expect(await boundaryMessages('apps/web/src/shared/ui/boundary-fixture.tsx', "import { x } from '../../features/people/api.ts';\nexport { x };")).toHaveLength(1);
  });
});

describe('module faces', () => {
  it('every server module has an index.ts, and a face never hands out a table', () => {
    for (const name of moduleNames) {
      const face = join(modulesDir, name, 'index.ts');
      expect(existsSync(face), `${name}/index.ts`).toBe(true);
      const sources = [...readFileSync(face, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const source of sources) {
        expect(source.startsWith('./'), `${name}/index.ts re-exports its own files only (${source})`).toBe(true);
        expect(source.endsWith('.table.ts'), `${name}/index.ts exports no table (${source})`).toBe(false);
      }
    }
  });

  it('no module file imports another module except through its face (a scan of the tree, beside the lint)', () => {
    const found: string[] = [];
    for (const name of moduleNames) {
      for (const file of readdirSync(join(modulesDir, name), { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path))) {
        const from = `apps/server/src/modules/${name}/${file}`;
        const text = readFileSync(join(root, from), 'utf8');
        for (const match of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
          const target = join(from, '..', match[1]!);
          const problem = boundaryProblem(from, target);
          if (problem) found.push(`${from}: ${match[1]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('module graph', () => {
  // Faces make import cycles easy (people ↔ org-chart ↔ imports); a cycle is harmless until a
  // module runs another's export while loading (an importer plug-in built at load time), which
  // fails only under Node's own loader, in the order the server loads. So: load as the server does.
  it('loads under Node as the server and the operator commands load it (no binding used before its module ran)', async () => {
    const load = (entry: string) =>
      new Promise<string>((resolve) => {
        execFile(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(`./${entry}`)})`], { cwd: root, timeout: 60_000 }, (error, _stdout, stderr) =>
          resolve(error ? `${entry}: ${stderr.split('\n').find((line) => /Error/.test(line)) ?? error.message}` : ''),
        );
      });
    const failures = (await Promise.all(['apps/server/src/platform/boot.ts', 'apps/server/src/operator.ts'].map(load))).filter(Boolean);
    expect(failures).toEqual([]);
  }, 90_000);
});
