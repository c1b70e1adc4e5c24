import { lazy, Suspense } from 'react';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import { adminMeta, consoleCache } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-activity';

// Loaded with the screen (its table, dates and the kinds' names): the page keeps to the JavaScript budget.
const ActivityLog = lazy(() =>
  import('../features/admin/ActivityLog.tsx').then((m) => ({ default: m.ActivityLog })),
);

/** No console page is in the sitemap (they are `noindex` too). */
export const handle = { sitemap: false, cache: consoleCache };

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Activity', '/admin/activity');

/** /admin/activity: every change by an operator or the admin token, newest first. */
export default function AdminActivity() {
  return (
    <AdminFrame title="Activity">
      <p className="admin-screen__lede">
        Every change made in the console or with the admin token, newest first. Entries stay after the items
        they name are deleted.
      </p>
      <Suspense fallback={<p className="status">Loading the activity…</p>}>
        <ActivityLog />
      </Suspense>
    </AdminFrame>
  );
}
