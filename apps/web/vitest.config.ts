import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  define: {
    __BUILD_TIME__: JSON.stringify('test'),
    __BUILD_COMMIT__: JSON.stringify('test'),
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Beside the API suite on two shared cores a screen test can take several times its usual
    // second or two; the queries inside already wait up to 10 s (src/test/setup.ts).
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
