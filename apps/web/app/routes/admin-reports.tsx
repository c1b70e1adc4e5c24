import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { consolePageHeaders } from '../features/admin-moderation/console-page.ts';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-reports';

/** A console screen: no page cache, no-store and noindex; its data comes from the admin API. */
export const handle = consoleHandle('Loading reports...');

export function headers() {
  return consolePageHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, 'Reports', location.pathname);

const ReportsScreen = lazy(() =>
  import('../features/admin-moderation/ReportsScreen.tsx').then((m) => ({ default: m.ReportsScreen })),
);

export default function ReportsScreenRoute() {
  return (
    <ConsoleScreen title="Reports">
      <ReportsScreen />
    </ConsoleScreen>
  );
}
