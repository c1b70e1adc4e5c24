import type { PageLoadingHandle } from '#load-context';
import { consoleDescription, consolePageHeaders } from '../features/admin-moderation/console-page.ts';
import { ReportsScreen } from '../features/admin-moderation/ReportsScreen.tsx';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/admin-reports';

/** A console screen: no page cache (no `handle.cache`), no-store and noindex; its data comes from the admin API. */
export const handle = { loadingText: 'Loading reports...' } satisfies PageLoadingHandle;

export function headers() {
  return consolePageHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Reports · Console',
    description: consoleDescription,
    path: location.pathname,
    noindex: true,
  });

export default function ReportsScreenRoute() {
  return (
    <AdminFrame title="Reports">
      <ReportsScreen />
    </AdminFrame>
  );
}
