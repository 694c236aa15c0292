import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // one migrated database per engine that each file's fresh one is a copy of
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: files run two at a time, each on its own database.
          maxWorkers: 2,
          // A worker's files share one module graph (the server's ~400 modules are loaded once
          // per worker, not once per file): each file still boots its own server on its own
          // database, and module state is only registries and caches keyed by database ids.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
