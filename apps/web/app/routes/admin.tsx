import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ContentKindList } from '../features/admin/ContentKindList.tsx';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import { adminMeta, consoleCache } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin';

// Loaded with the screen (its table, dates and the kinds' names): the page keeps to the JavaScript budget.
const ActivityLog = lazy(() =>
  import('../features/admin/ActivityLog.tsx').then((m) => ({ default: m.ActivityLog })),
);

/** No console page is in the sitemap (they are `noindex` too). */
export const handle = { sitemap: false, cache: consoleCache };

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Overview', '/admin');

/** /admin: the sign-in form, or the console's start: write something, what changed lately. */
export default function AdminOverview() {
  return (
    <AdminFrame
      title="Overview"
      actions={
        <Link className="button" to="/admin/content/posts/new">
          Write a post
        </Link>
      }
    >
      <h2>Recent activity</h2>
      <Suspense fallback={<p className="status">Loading the activity…</p>}>
        <ActivityLog limit={5} />
      </Suspense>
      <h2>Content</h2>
      <ContentKindList />
    </AdminFrame>
  );
}
