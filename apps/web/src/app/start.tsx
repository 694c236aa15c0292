import { createRoot, type Root } from 'react-dom/client';
import { BUILD_INFO, DEFAULT_TENANT_SUBDOMAIN, RUNNING_VERSION } from '../shared/config/build-info.ts';
import { apiClient } from '../shared/api/api-client.ts';
import { HttpError, NetworkError, isHttpError } from '../shared/api/http-error.ts';
import { i18n, initI18n, setWhiteLabel } from '../shared/i18n/i18n.ts';
import { apologyAfterReload, CHUNK_FAILURE_KEY, readRecord, withChunkReload } from '../shared/lib/chunk-failure.ts';
import { isNativeShell } from '../shared/platform/platform.ts';
import { captureInstallPrompt } from '../shared/pwa/install.ts';
import { discoverTenantSubdomain, parseServerTenant, toClientTenant } from '../shared/tenant/tenant.ts';
import { LazyErrorPage as ErrorPage } from '../shared/ui/error-page-lazy.tsx';
import { App, BaseProviders, createAppRouter } from './app.tsx';
import { afterFirstScreen, markFirstScreenShown, startFirstScreenDeadline } from './first-screen.ts';
import { chunkEnv } from './lazy-route.ts';
import { createQueryClient } from './query-client.ts';

type TenantAnswer = { kind: 'ok'; body: unknown } | { kind: 'not-found' } | { kind: 'error'; error: unknown };

/** The last tenant answer this origin got: the app opens without a connection (decision 030). */
const TENANT_CACHE_KEY = 'faena.tenant';

function cachedTenant(): unknown {
  try {
    const raw = localStorage.getItem(TENANT_CACHE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** index.html preloads /api/tenant; this request picks the preloaded answer up. */
async function fetchTenant(): Promise<TenantAnswer> {
  try {
    const body = await apiClient.get<unknown>('/api/tenant', { auth: false });
    try {
      localStorage.setItem(TENANT_CACHE_KEY, JSON.stringify(body));
    } catch {
      // Without storage the app still opens online.
    }
    return { kind: 'ok', body };
  } catch (error) {
    if (isHttpError(error) && error.status === 404 && error.code === 'tenant_not_found') return { kind: 'not-found' };
    const cached = error instanceof NetworkError ? cachedTenant() : null;
    if (cached) return { kind: 'ok', body: cached };
    return { kind: 'error', error };
  }
}

/** The service worker (a build only) and the install offer, once the first screen is there. */
function startPwa(): void {
  void import('../shared/pwa/service-worker.ts')
    .then(async ({ startServiceWorker }) => {
      await startServiceWorker();
      const { offerInstallWhenPossible } = await import('../shared/pwa/install.ts');
      offerInstallWhenPossible();
    })
    .catch(() => undefined);
}

/**
 * The toast helpers (and Mantine's notifications store) stay out of the entry: the boot shows a
 * toast only after a failed chunk load or a failed write, and they are fetched once the first
 * screen is there anyway (below), so a toast never waits for the network in practice.
 */
const loadToasts = () => import('../shared/ui/toasts.ts');

function showToast(kind: 'info' | 'error', message: string): void {
  void loadToasts()
    .then(({ toast }) => toast[kind](message))
    .catch(() => undefined);
}

/** After a reload caused by a chunk-load failure: one apology, once (spec §4). */
function apologizeOnce(): void {
  const record = readRecord(localStorage);
  const apology = apologyAfterReload(record, Date.now(), RUNNING_VERSION);
  if (!record || !apology) return;
  try {
    localStorage.setItem(CHUNK_FAILURE_KEY, JSON.stringify({ ...record, apologized: true }));
  } catch {
    return;
  }
  showToast('info', i18n.t(apology === 'updated' ? 'chunk.updated' : 'chunk.technical'));
}

function describeError(error: unknown): string {
  if (error instanceof NetworkError) return i18n.t('errors.network');
  if (error instanceof HttpError && error.status === 403) return i18n.t('errors.forbidden');
  return i18n.t('errors.saveFailed');
}

/**
 * Spec §5: a configuration that does not parse shows 'Error parsing environment variables: ...'
 * and the app stops. The configuration is baked in at build time and checked there too, so this
 * runtime check runs once the first screen is there instead of delaying it.
 */
async function checkConfiguration(root: Root, stop: () => void): Promise<void> {
  const checks = await withChunkReload(() => import('./boot-checks.ts'), chunkEnv)().catch(() => null);
  if (!checks) return;
  const config = checks.loadClientConfig(import.meta.env as Record<string, string | boolean | undefined>, window.location.origin);
  if (config.ok) return;
  console.error(config.message);
  stop();
  const { ConfigErrorScreen } = await import('./boot-screens.tsx');
  root.render(
    <BaseProviders>
      <ConfigErrorScreen message={config.message} />
    </BaseProviders>,
  );
}

/**
 * The first screen renders in one go once its chunk and texts are in (index.html has them
 * preloaded): rendered before, the router shows its fallback and then renders the screen again as
 * a transition, sliced into small tasks between the progress bar's animation frames, which on a
 * slow phone costs more than the wait. A first screen that takes longer gets the fallback as before.
 */
const FIRST_SCREEN_WAIT_MS = 500;

function firstNavigation(router: ReturnType<typeof createAppRouter>, timeoutMs: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}

/**
 * Boot. Everything that does not depend on another starts at once: the tenant request (already
 * preloaded by index.html), the language, and the router — whose first navigation begins loading
 * the current screen's chunk while the tenant is on its way. An unknown organisation stops here.
 */
export async function start(container: HTMLElement): Promise<void> {
  // Inside the native shell (apps/mobile) its platform services are installed before anything renders.
  if (isNativeShell()) await import('../shared/platform/capacitor.ts').then(({ installNativePlatform }) => installNativePlatform()).catch((error: unknown) => console.error(error));
  const root = createRoot(container);
  captureInstallPrompt();
  const tenantAnswer = fetchTenant();
  const router = createAppRouter();
  await initI18n();

  const answer = await tenantAnswer;
  if (answer.kind !== 'ok') {
    router.dispose();
    markFirstScreenShown();
    const { TenantNotFoundScreen } = await import('./boot-screens.tsx');
    root.render(
      <BaseProviders>
        {answer.kind === 'not-found' ? <TenantNotFoundScreen subdomain={discoverTenantSubdomain(window.location.host, DEFAULT_TENANT_SUBDOMAIN)} /> : <ErrorPage error={answer.error} />}
      </BaseProviders>,
    );
    return;
  }

  let tenant;
  try {
    tenant = toClientTenant(parseServerTenant(answer.body), DEFAULT_TENANT_SUBDOMAIN);
  } catch (error) {
    router.dispose();
    markFirstScreenShown();
    root.render(
      <BaseProviders>
        <ErrorPage error={error} />
      </BaseProviders>,
    );
    return;
  }
  setWhiteLabel(tenant.whiteLabel);
  document.title = `${tenant.name} · Faena`;

  const queryClient = createQueryClient((error) => showToast('error', describeError(error)));
  await firstNavigation(router, FIRST_SCREEN_WAIT_MS);
  root.render(<App tenant={tenant} queryClient={queryClient} router={router} />);
  startFirstScreenDeadline();
  afterFirstScreen(() => void loadToasts().catch(() => undefined));
  afterFirstScreen(startPwa);
  afterFirstScreen(
    () =>
      void checkConfiguration(root, () => {
        router.dispose();
        queryClient.clear();
      }),
    3000,
  );
  apologizeOnce();
  if (BUILD_INFO.mode !== 'production') console.info(`Faena ${BUILD_INFO.version} · ${tenant.subdomain}`);
}
