import { lazy } from 'react';
import { ConsoleScreen, consoleHandle } from '../features/admin-moderation/ConsoleScreen.tsx';
import { consolePageHeaders } from '../features/admin-moderation/console-page.ts';
import { adminMeta } from '../shared/admin/admin-session.ts';
import type { Route } from './+types/admin-short-links';

/** A console screen: no page cache, no-store and noindex; its data comes from the admin API. */
export const handle = consoleHandle('Loading short links...');

export function headers() {
  return consolePageHeaders;
}

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
