import { isRouteErrorResponse, useRouteError } from 'react-router';
import { lazy, Suspense } from 'react';
import { LazyErrorPage } from '../shared/ui/error-page-lazy.tsx';

const NotFoundPage = lazy(() => import('../shared/ui/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

/** The route error boundary: a 404 response is the not-found page, anything else the error page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  return <LazyErrorPage error={error} />;
}
