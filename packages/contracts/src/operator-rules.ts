/**
 * The console's rules and paths that pages need without zod (docs/decisions/0040-operator-console.md).
 */

/** An operator's password has at least this many characters (`npm run operator:add` refuses fewer). */
export const operatorPasswordMinLength = 12;

/** The console's session cookie. HttpOnly, SameSite=Strict, Path=/, Secure when the site is https. */
export const operatorSessionCookie = 'hu_operator';

/** A page of the activity log. */
export const activityPage = { defaultLimit: 50, maxLimit: 200 } as const;

/** A page of a content kind's list in the console. */
export const adminListPage = { defaultLimit: 20, maxLimit: 100 } as const;

/** The session id in a Cookie header, or undefined. */
export function sessionIdFromCookie(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === operatorSessionCookie) {
      const value = rest.join('=').trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
