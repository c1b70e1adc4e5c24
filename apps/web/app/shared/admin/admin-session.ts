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

/** Why no console page is in the page cache (`handle.uncached`, checked for every route). */
export const consoleUncached =
  'A console page: it shows what one signed-in operator may see (the session cookie), and every /admin answer is no-store and noindex.';
