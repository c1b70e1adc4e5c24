import { data, Link } from 'react-router';
import type { PageCacheHandle, PageHydrationHandle } from '#load-context';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/not-found';

/** Where the one 404 page of every unknown address is kept (an address no route of its own matches). */
export const notFoundAddress = '/404';

/**
 * Not listed in the sitemap (see apps/server/src/web/pages.ts). Every unknown address shows the same page,
 * kept once (`as`): a scan of invented addresses costs a cache hit each, and never fills the cache. So the
 * page says nothing of the address it was asked at: no canonical link, no menu section.
 */
export const handle = {
  sitemap: false,
  inNoSection: true,
  cache: { shows: [], as: notFoundAddress },
} satisfies PageCacheHandle & PageHydrationHandle & { sitemap: boolean };

export function loader() {
  // A real 404 status, so search engines drop the URL and monitors see it.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
    path: undefined,
    noindex: true,
  });

export default function NotFound() {
  return (
    <article className="page page--narrow">
      <h1>Page not found</h1>
      <p>Sorry, there is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </article>
  );
}
