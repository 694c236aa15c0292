import { defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { loadClientConfig } from './src/shared/config/client-config.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from './src/shared/i18n/languages.ts';
import { STORAGE_KEYS } from './src/shared/session/session-store.ts';

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
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
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

const REACT_QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/;

/** A chunk's file and every chunk it imports statically, transitively (what loads with it). */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const file of chunk.imports) staticClosure(bundle, file, into);
  return into;
}

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

/**
 * The entry's own files run almost entirely while the app boots. V8 compiles a function lazily, on
 * the main thread, the first time it is called; the magic comment asks Chrome (136+) to compile
 * every function of the file eagerly while it streams in, off the main thread
 * (https://v8.dev/blog/explicit-compile-hints). Other browsers ignore the comment. Only the entry's
 * files: hinting the lazily loaded ones would compile code most visits never run.
 */
function compileHints(): Plugin {
  return {
    name: 'faena-compile-hints',
    apply: 'build',
    // After Vite's own additions (the preload map goes first in a file): the comment must open it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
        for (const fileName of entry ? staticClosure(bundle, entry.fileName) : []) {
          const chunk = bundle[fileName] as Rolldown.OutputChunk;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

const SIGN_IN_PATHS = '(login|sign-in|from-magic-link|from-invite|onboarding)';
/** Any address of the app but the sign-in screens and the public report and workflow pages. */
const APP_PATHS = `^/(?!${SIGN_IN_PATHS}$|public/|reports/(?!list$)[^/]+$)`;
/**
 * What a cold load asks for before the entry has run (see routePreload()): the modules of the
 * first screen, by address (`path`, a regular expression) and by whether a session is stored
 * (`session`; omitted: either way). Addresses as in src/app/routes.tsx and protected-routes.tsx.
 */
const PRELOADS: { path: string; session?: boolean; modules: string[] }[] = [
  { path: '^/(login|sign-in)$', modules: ['src/features/auth/routes.tsx'] },
  { path: '^/(from-magic-link|from-invite|onboarding)$', modules: ['src/features/auth/link-routes.tsx'] },
  // Without a session the app's addresses lead to /login; / directly, the others through the signed-in table.
  { path: '^/$', session: false, modules: ['src/features/auth/routes.tsx'] },
  { path: `${APP_PATHS}(?!$)`, session: false, modules: ['src/app/protected-routes.tsx', 'src/features/auth/routes.tsx'] },
  // With a session: the signed-in table and the shell; home on / and /home.
  { path: APP_PATHS, session: true, modules: ['src/app/protected-routes.tsx', 'src/app/shell/app-layout.tsx'] },
  { path: '^/(home)?$', session: true, modules: ['src/features/home/routes.tsx'] },
];

/**
 * On a cold load the browser learns of the screen's chunk only once the entry has downloaded and
 * run (about a second on a mobile connection), and of the screen's texts only once that chunk has
 * run. The build writes a tiny classic script (the CSP allows same-origin scripts, not inline ones)
 * that index.html runs first: from the address, the stored session and the language it adds
 * modulepreload links for the first screen's chunks, their static imports and their texts, and
 * preloads for their stylesheets, so they download beside the entry. The shell's texts in es-MX or
 * en (es ships in the entry) are preloaded the same way. Vite's own preloading then finds these
 * links and does not fetch twice. Hints only: a wrong guess costs bytes, never behaviour.
 */
function routePreload(): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'faena-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byModule = (module: string) => chunks.find((chunk) => chunk.facadeModuleId === join(root, module));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loaded = staticClosure(bundle, entry.fileName);
        /** A module's chunk, its static imports the entry does not bring, and their stylesheets. */
        const filesOf = (module: string): string[] => {
          const chunk = byModule(module);
          if (!chunk) throw new Error(`routePreload: no chunk for ${module}`);
          const js = [...staticClosure(bundle, chunk.fileName)].filter((file) => !loaded.has(file));
          const css = js.flatMap((file) => [...((bundle[file] as Rolldown.OutputChunk).viteMetadata?.importedCss ?? [])]);
          return [...js, ...css].map((file) => base + file);
        };
        /** The chunks of a bundle's texts per language (decision 012), when it has one. */
        const textsOf = (dir: string, languages: readonly string[]) =>
          Object.fromEntries(languages.map((language) => [language, byModule(`${dir}/${language}.json`) ? filesOf(`${dir}/${language}.json`) : []]));
        const plan = {
          shell: textsOf(
            'src/shared/i18n/locales',
            LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE),
          ),
          screens: PRELOADS.map(({ path, session, modules }) => ({
            path,
            session,
            files: modules.flatMap(filesOf),
            texts: modules.map((module) => textsOf(module.replace(/[^/]+$/, 'locales'), LANGUAGES)),
          })),
        };
        const source = `// Written by the build (vite.config.ts, routePreload): what the first screen needs, asked for beside the entry.
(() => {
  const plan = ${JSON.stringify(plan)};
  const read = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
  // The rule of src/shared/i18n/languages.ts (initialLanguage).
  const stored = read(${JSON.stringify(LANGUAGE_STORAGE_KEY)});
  const language = ${JSON.stringify(LANGUAGES)}.includes(stored) ? stored : (navigator.languages || []).some((tag) => tag.toLowerCase() === 'es-mx') ? 'es-MX' : ${JSON.stringify(DEFAULT_LANGUAGE)};
  const path = location.pathname.replace(/(.)\\/+$/, '$1');
  const session = read(${JSON.stringify(STORAGE_KEYS.session)}) !== null;
  const files = [...(plan.shell[language] || [])];
  for (const screen of plan.screens) {
    if ((screen.session === undefined || screen.session === session) && new RegExp(screen.path).test(path)) {
      files.push(...screen.files, ...screen.texts.flatMap((texts) => texts[language] || []));
    }
  }
  for (const href of new Set(files)) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
})();
`;
        const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
        const page = String(html.source);
        // First in <head> after the title, before the entry and the stylesheet: it waits for neither.
        html.source = page.replace('</title>', `</title>\n    <script src="${base}${fileName}"></script>`);
        if (html.source === page) this.error('routePreload: no </title> in index.html');
      },
    },
  };
}

/**
 * The service worker (decision 030): src/sw/sw.ts built into /sw.js with the list of every file of
 * the build to precache (app shell, each area's chunks and stylesheets, locale bundles). The app
 * registers it itself (src/shared/pwa) and the server serves the per-tenant web manifest, so the
 * plugin injects neither. The dev server has no worker: the app registers it only in a build.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['**/*.gz', '**/*.br', 'sw.js'],
      // The BPMN modeller and the rich-text editor are the largest chunks (≈ 1 MB each).
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });

export default defineConfig({
  plugins: [react(), validateClientConfig(), precompress(), singletonsOnce(), compileHints(), routePreload(), serviceWorker()],
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
          // A chunk holding a stateful module is never inlined (singletonsOnce() double-checks).
          experimentalInlineCommonChunks: { maxSize: 12 * 1024, exclude: SINGLETONS },
          groups: [
            // What the entry imports statically ($initial) is two files: the libraries (stable
            // across deploys) and the app's boot code. Left to itself the splitter cut it into
            // shared fragments by which lazy chunks also use them: more requests, worse gzip.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            { name: 'boot', tags: ['$initial'] },
            // react-query is shared state: never inlined into its consumers. The client, its caches
            // and the provider are in 'vendor'; the hooks and observers the screens use are one
            // chunk, loaded with the first screen that needs them.
            { name: 'react-query-hooks', test: REACT_QUERY },
          ],
        },
      },
    },
  },
});
