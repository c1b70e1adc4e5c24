import { Outlet } from 'react-router';
import { pageData } from '#load-context';
import { consolePageHeaders } from '../features/admin-moderation/console-page.ts';
import type { AdminSessionData } from '../shared/admin/admin-session.ts';
import { consoleCache } from '../shared/admin/admin-session.ts';
import { loaderFailure } from '../shared/loader-failure.ts';
import type { Route } from './+types/admin-layout';

/** No console page is in the sitemap (they are `noindex` too). */
export const handle = { sitemap: false, cache: consoleCache };

/**
 * Every console screen's parent: who is signed in, from the session cookie (each load keeps the session
 * alive). A request with the cookie is rendered for it; without one, the sign-in form is kept privately
 * (consoleCache); the server marks every /admin answer `no-store` and `noindex`.
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

/** For every console screen without its own: a kept sign-in form carries them to each hit. */
export function headers() {
  return consolePageHeaders;
}

export default function AdminLayout() {
  return <Outlet />;
}
