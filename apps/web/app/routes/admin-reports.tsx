import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-reports';

/** A console screen: its sign-in form kept privately, no-store and noindex (the layout's headers); its data comes from the admin API. */
export const handle = consoleHandle('Loading reports...');

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
