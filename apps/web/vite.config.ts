import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { loadClientConfig } from './src/shared/config/client-config.ts';

/** Spec §5: the configuration is validated; here a bad one stops the build (the app checks again at run time). */
function validateClientConfig(): Plugin {
  return {
    name: 'faena-validate-client-config',
    configResolved(config) {
      const env = loadEnv(config.mode, config.envDir || process.cwd(), 'VITE_');
      const result = loadClientConfig(env, env.VITE_WEB_URL ?? 'https://app.localhost');
      if (!result.ok) throw new Error(result.message);
    },
  };
}

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Writes .br and .gz beside every text asset, so a static server can send them as they are
 * (@fastify/static `preCompressed`, nginx `gzip_static`, a CDN) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'faena-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes('/.vite/')) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      }
    },
  };
}

/**
 * Inlining small common chunks copies a module into each consumer. That is fine for components
 * and helpers, never for modules that hold state (a store, a context, a singleton): two copies
 * would be two different things. The build stops if one of those lands in two chunks.
 */
const SINGLETONS = [
  /[\\/]src[\\/]shared[\\/](session[\\/]session(-store)?\.ts|ui[\\/](modal\.tsx|overlay-gate\.ts|toasts\.ts)|i18n[\\/]i18n\.ts|api[\\/]api-client\.ts|tenant[\\/]tenant-context\.tsx)$/,
  /[\\/]src[\\/]app[\\/]/,
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next)[\\/]/,
  // react-query's option helpers are identity functions; everything else of it is shared state.
  /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/](?!build[\\/]modern[\\/](queryOptions|infiniteQueryOptions|mutationOptions)\.js$)/,
  // Mantine's contexts (its pure helpers may be copied).
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/](MantineProvider[\\/](Mantine\.context|MantineThemeProvider[\\/]MantineThemeProvider)|DirectionProvider[\\/]DirectionProvider)\.mjs$/,
  /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/,
];

function singletonsOnce(): Plugin {
  return {
    name: 'faena-singletons-once',
    apply: 'build',
    generateBundle(_options, bundle) {
      const seen = new Map<string, string[]>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) seen.set(id, [...(seen.get(id) ?? []), chunk.fileName]);
      }
      const copied = [...seen].filter(([id, files]) => files.length > 1 && SINGLETONS.some((re) => re.test(id)));
      if (copied.length > 0) this.error(`stateful modules copied into several chunks: ${copied.map(([id, files]) => `${id} (${files.join(', ')})`).join('; ')}`);
    },
  };
}

export default defineConfig({
  plugins: [react(), validateClientConfig(), precompress(), singletonsOnce()],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __BUILD_COMMIT__: JSON.stringify(gitCommit()),
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // Small shared chunks are inlined into their consumers: dozens of sub-kilobyte files would
        // each cost a round trip on a mobile connection.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          // react-query is shared state: one chunk of its own, never inlined into its consumers.
          groups: [{ name: 'react-query', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ }],
        },
      },
    },
  },
});
