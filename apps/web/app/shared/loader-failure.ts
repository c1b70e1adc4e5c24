import { data, type RouterContextProvider } from 'react-router';
import { appContext } from '#load-context';

/** What of a loader's arguments a failure report needs (a route's `Route.LoaderArgs` has them). */
export interface FailedLoad {
  context: Readonly<RouterContextProvider>;
  /** The route's pattern (`/post/:postId`), which groups the reports of one page in the logs. */
  pattern: string;
  url: URL;
}

/**
 * A loader whose page data could not be read: reports the error to the request's logger (the process's for
 * a page rendered for every visitor) with the route and the address, then answers with the state the page
 * shows for it (its failure text) and its status. Status 500 unless the page says otherwise, and 503 when
 * the failure is a passing one (the database restarting: the server's error says `statusCode: 503`; the
 * server adds `Retry-After`); a 5xx page is never kept by the page cache, so the next visitor gets a fresh try.
 */
export function loaderFailure<T>(
  load: FailedLoad,
  error: unknown,
  logMessage: string,
  shown: T,
  status = 500,
) {
  reportLoaderFailure(load, error, logMessage);
  return data(shown, { status: isPassingFailure(error) ? 503 : status });
}

/** A failure that says it will pass (the server's `DatabaseUnavailableError`: 503, try again shortly). */
export function isPassingFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    error.statusCode === 503 &&
    'retryAfterSeconds' in error
  );
}

/** The report alone, for a loader that shows the failure its own way (the market pages' `loadMarket`). */
export function reportLoaderFailure(
  { context, pattern, url }: FailedLoad,
  error: unknown,
  logMessage: string,
) {
  context
    .get(appContext)
    .log.error({ err: error, route: pattern, url: `${url.pathname}${url.search}` }, logMessage);
}
