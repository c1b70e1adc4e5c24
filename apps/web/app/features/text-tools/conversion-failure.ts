import { ApiError } from '../../shared/api-error.ts';

/**
 * What a failed conversion shows: the specification's failure text (the browser alert), and in the page the
 * server's own words when it refused the file for a reason the visitor can act on (a 4xx: too large, wrong
 * type, damaged, password, a limit reached, too slow). A network failure or a server fault has no reason.
 */
export function conversionFailure(failed: string, error: unknown): { text: string; reason?: string } {
  if (
    error instanceof ApiError &&
    ((error.status >= 400 && error.status < 500) || error.status === 503 || error.status === 504)
  )
    return { text: failed, reason: error.message };
  if (error instanceof ApiError && error.code === 'TIMEOUT') return { text: failed, reason: error.message };
  return { text: failed };
}

/** How long the page waits for a conversion: the server's time limit, the upload and a margin. */
export const conversionTimeoutMs = 150_000;
