import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportClientError } from '../api/client-errors';
import { ErrorScreen } from './error-screen';

/** Router-level fallback for errors outside a screen (the layout itself, a failed chunk load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected rendering error', error);
    reportClientError('route', error);
  }, [error]);
  // A full reload is the only reset that also recovers from a stale chunk after a deploy.
  return <ErrorScreen error={error} onRetry={() => window.location.reload()} />;
}
