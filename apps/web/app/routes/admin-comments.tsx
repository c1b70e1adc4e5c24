import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-comments';

/** A console screen: its sign-in form kept privately, no-store and noindex (the layout's headers); its data comes from the admin API. */
export const handle = consoleHandle('Loading comments...');

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, 'Comments', location.pathname);

const CommentsQueue = lazy(() =>
  import('../features/admin-moderation/CommentsQueue.tsx').then((m) => ({ default: m.CommentsQueue })),
);

export default function CommentsQueueRoute() {
  return (
    <ConsoleScreen title="Comments">
      <CommentsQueue />
    </ConsoleScreen>
  );
}
