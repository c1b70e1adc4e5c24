import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-inbox';

/** A console screen: its sign-in form kept privately, no-store and noindex (the layout's headers); its data comes from the admin API. */
export const handle = consoleHandle('Loading the inbox...');

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, 'Inbox', location.pathname);

const InboxScreen = lazy(() =>
  import('../features/admin-moderation/InboxScreen.tsx').then((m) => ({ default: m.InboxScreen })),
);

export default function InboxScreenRoute() {
  return (
    <ConsoleScreen title="Inbox">
      <InboxScreen />
    </ConsoleScreen>
  );
}
