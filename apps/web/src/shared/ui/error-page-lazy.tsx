import { Component, lazy, Suspense, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n.ts';

const ErrorPageChunk = lazy(() => import('./error-page.tsx').then((m) => ({ default: m.ErrorPage })));

/** What shows when even the error page cannot load (offline, broken deploy): plain words and a reload. */
function Bare() {
  return (
    <div role="alert" style={{ padding: '2rem', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <p style={{ fontSize: '1.25rem', fontWeight: 600 }}>{i18n.t('errorPage.title')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '0.5rem 1rem', fontSize: '1rem' }}>
        {i18n.t('errorPage.reload')}
      </button>
    </div>
  );
}

class Guard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Bare /> : this.props.children;
  }
}

/** The unknown-error page, loaded on demand: errors are rare, so it stays out of the entry chunk. */
export function LazyErrorPage({ error }: { error: unknown }) {
  return (
    <Guard>
      <Suspense fallback={null}>
        <ErrorPageChunk error={error} />
      </Suspense>
    </Guard>
  );
}
