import type { ApiError } from '../../shared/api-error.ts';

/** What a console screen shows when a call failed: sign in again (401), or the server's words. */
export type CallProblem = { signIn: true } | { signIn: false; text: string };

/**
 * A failed admin call in words. 401 means no operator is signed in (or the session ended): the screen
 * then says so, with a link to the sign-in page. Read by shape, not instanceof: the page carries no class.
 */
export function problemOf(error: unknown, fallback: string): CallProblem {
  const { message, status = 0, code } = (error ?? {}) as Partial<ApiError>;
  if (status === 401) return { signIn: true };
  return { signIn: false, text: status > 0 && code && message ? message : fallback };
}

/** A date and time as an operator in India reads it, e.g. '27 Nov 2026, 9:05 am'. */
export function consoleTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
}
