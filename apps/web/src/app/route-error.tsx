import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../shared/ui/error-page.tsx';
import { NotFoundPage } from '../shared/ui/not-found-page.tsx';

/** The route error boundary: a 404 response is the not-found page, anything else the error page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
