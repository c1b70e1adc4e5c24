import { lazy, Suspense } from 'react';
import { useRouteLoaderData } from 'react-router';
import { contentKindName } from '../features/admin/content-kind-names.ts';
import { AdminFrame } from '../shared/admin/AdminFrame.tsx';
import {
  type AdminSessionData,
  adminLayoutId,
  adminMeta,
  consoleCache,
} from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-content';

export const handle = { sitemap: false, cache: consoleCache };

export const meta: Route.MetaFunction = ({ matches, params, location }) => {
  const kind = contentKindName(params.kind);
  const title = !kind
    ? 'Content'
    : params.item === undefined
      ? kind.label
      : params.item === 'new'
        ? `New ${kind.singular}`
        : `Edit ${kind.singular}`;
  return adminMeta(matches, title, location.pathname);
};

// The kinds' forms and lists load with the screen (console pages keep to the JavaScript budget too).
const ContentScreen = lazy(() =>
  import('../features/admin/ContentScreen.tsx').then((m) => ({ default: m.ContentScreen })),
);

/** /admin/content[/<kind>[/new|/<id>]]: every kind of content, one kind's list, one item's form. */
export default function AdminContent({ params }: Route.ComponentProps) {
  const session = useRouteLoaderData<AdminSessionData>(adminLayoutId);
  // Signed out (or the console off): the frame's sign-in form (or notice) alone, nothing loaded lazily.
  if (!session?.operator) return <AdminFrame title="Content">{null}</AdminFrame>;
  return (
    <Suspense
      fallback={
        <AdminFrame title={contentKindName(params.kind)?.label ?? 'Content'}>
          <p className="status" role="status">
            Loading…
          </p>
        </AdminFrame>
      }
    >
      <ContentScreen kindKey={params.kind} item={params.item} />
    </Suspense>
  );
}
