import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * For a route's `ErrorBoundary` that wants the error in the browser's console as well as its failure state
 * on the page. The browser already logs the failed data request itself, so most routes' boundaries do
 * without this and save its bytes (decision 0010).
 */
export function useReportedRouteError(logMessage: string): unknown {
  const error = useRouteError();
  useEffect(() => {
    console.error(logMessage, error);
  }, [logMessage, error]);
  return error;
}
