import type { PageCacheHandle } from '#load-context';
import { ShortenerPage } from '../features/shortener/ShortenerPage.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/port-url';

/** The same for every visitor (links are made from the browser): served from the page cache. */
export const handle = { cache: { shows: [] } } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Portable URL: URL shortener',
    description:
      'Shorten a long web address into a short link with an optional alias, copy it, and share its QR code.',
    path: '/portUrl',
  });

export default function PortUrlRoute() {
  return <ShortenerPage />;
}
