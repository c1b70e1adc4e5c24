import type { MetaDescriptor } from 'react-router';
import { type MatchLike, pageMeta, siteFromMatches } from '../page-meta.ts';

/**
 * What the console's layout route (routes/admin-layout.tsx) loads for every console screen: whether the
 * admin API is on, and who is signed in (from the session cookie, on the server; null when nobody is).
 */
export interface AdminSessionData {
  enabled: boolean;
  operator: { email: string } | null;
}

/** The layout route's id: AdminFrame reads the session from it. */
export const adminLayoutId = 'routes/admin-layout';

/** A console screen's head: its title, and never indexed (the server adds `X-Robots-Tag` too). */
export function adminMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  title: string,
  path: string,
): MetaDescriptor[] {
  return pageMeta(siteFromMatches(matches), {
    title: `${title} · Console`,
    description: "The site's operator console.",
    path,
    noindex: true,
  });
}

/**
 * How every console page is kept (`handle.cache`, checked for every route). What a signed-in operator sees
 * is rendered for them (their session cookie makes the request personal, never answered from the cache);
 * without a cookie every console address shows the same sign-in form, which the server keeps so that a
 * crowd (or a script) at the sign-in form costs no render each. Only this process keeps it: every /admin
 * answer is `no-store` and `noindex` (docs/decisions/0037-pages-kept-privately.md).
 */
export const consoleCache = { shows: [], privately: true } as const;
