import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-short-links';

/** A console screen: its sign-in form kept privately, no-store and noindex (the layout's headers); its data comes from the admin API. */
export const handle = consoleHandle('Loading short links...');

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, 'Short links', location.pathname);

const ShortLinksScreen = lazy(() =>
  import('../features/admin-moderation/ShortLinksScreen.tsx').then((m) => ({ default: m.ShortLinksScreen })),
);

export default function ShortLinksScreenRoute() {
  return (
    <ConsoleScreen title="Short links">
      <ShortLinksScreen />
    </ConsoleScreen>
  );
}
