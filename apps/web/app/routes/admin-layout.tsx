import { Outlet } from 'react-router';
import { pageData } from '#load-context';
import type { AdminSessionData } from '../shared/admin/admin-session.ts';
import { consoleUncached } from '../shared/admin/admin-session.ts';
import { loaderFailure } from '../shared/loader-failure.ts';
import type { Route } from './+types/admin-layout';

/** No console page is in the sitemap (they are `noindex` too). */
export const handle = { sitemap: false, uncached: consoleUncached };

/**
 * Every console screen's parent: who is signed in, from the session cookie (each load keeps the session
 * alive). Never from the page cache (no `handle.cache`); the server marks every /admin answer `no-store`
 * and `noindex`.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = pageData(args.context, 'admin');
  try {
    const operator = await admin.session(args.request.headers.get('cookie'));
    return { enabled: admin.enabled, operator } satisfies AdminSessionData;
  } catch (error) {
    // The sign-in form then: its call says what is wrong.
    return loaderFailure<AdminSessionData>(args, error, 'console session', {
      enabled: admin.enabled,
      operator: null,
    });
  }
}

export default function AdminLayout() {
  return <Outlet />;
}
