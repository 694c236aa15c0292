import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint-boundaries.ts';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/migrations/**', 'bench/results/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through platform/config.ts (or the test harness).' }],
    },
  },
  {
    // Module boundaries (decision 019): server modules meet through their index.ts, the platform
    // depends on no module, web features do not import each other, at any depth.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    // Configuration is read in one module; tests, scripts and benchmarks set up their own environment.
    files: ['apps/server/src/platform/config.ts', 'apps/server/test/**', 'scripts/**', 'bench/**', '**/*.config.ts', 'apps/web/e2e/**', 'apps/web/scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          // The barrels re-export the zod schemas, which would land in every chunk that imports a helper.
          paths: [
            { name: '@faena/domain', allowTypeImports: true, message: "Import a subpath ('@faena/domain/email') so zod stays out of the entry chunk." },
            { name: '@faena/contracts', allowTypeImports: true, message: "Import types only, or a subpath ('@faena/contracts/tenant')." },
            { name: '@tanstack/react-query', importNames: ['useMutation'], message: "Use useMutation from src/shared/api/use-mutation.ts: a caller's own onError then silences the fallback toast." },
          ],
        },
      ],
    },
  },
);
