import { AdminStatusScreen } from '../features/admin-status/AdminStatusScreen.tsx';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import { consoleCache } from '../shared/admin/admin-session.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/admin-status';

/**
 * `/admin/status`: the console's status screen. Its sign-in form kept by the server only (consoleCache),
 * never stored by a browser or proxy, never indexed, not in the sitemap; its data is read in the browser with the operator's
 * session, so the server renders the frame only.
 */
export const handle = { sitemap: false, cache: consoleCache };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Status',
    description: "The site's status for its operators: checks, jobs, engines and settings.",
    path: location.pathname,
    noindex: true,
  });

export default function AdminStatusPage() {
  return (
    <AdminFrame title="Status">
      <AdminStatusScreen />
    </AdminFrame>
  );
}
