import { defineConfig } from 'vitest/config';

/** Browser end-to-end tests: the built web app served by the real server, in system Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Two cores: one browser at a time.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    // What a page shows after a click can take seconds on a shared, busy machine (1 s by default).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 180_000,
  },
});
