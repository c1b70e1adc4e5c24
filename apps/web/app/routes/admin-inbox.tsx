import { lazy, Suspense } from 'react';
import type { PageCacheHandle, PageLoadingHandle } from '#load-context';
import { consoleDescription, consolePageHeaders } from '../features/admin-moderation/console-page.ts';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import { consoleUncached } from '../shared/admin/admin-session.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/admin-inbox';

/** A console screen: no page cache (no `handle.cache`), no-store and noindex; its data comes from the admin API. */
export const handle = {
  loadingText: 'Loading the inbox...',
  uncached: consoleUncached,
  sitemap: false,
} satisfies PageLoadingHandle & PageCacheHandle & { sitemap: boolean };

export function headers() {
  return consolePageHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Inbox · Console',
    description: consoleDescription,
    path: location.pathname,
    noindex: true,
  });

// The screen loads after the frame (console pages keep to the JavaScript budget too).
const InboxScreen = lazy(() =>
  import('../features/admin-moderation/InboxScreen.tsx').then((m) => ({ default: m.InboxScreen })),
);

export default function InboxScreenRoute() {
  return (
    <AdminFrame title="Inbox">
      <Suspense
        fallback={
          <p className="status" role="status">
            Loading...
          </p>
        }
      >
        <InboxScreen />
      </Suspense>
    </AdminFrame>
  );
}
