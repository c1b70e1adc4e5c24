import { data, Link } from 'react-router';
import type { PageCacheHandle } from '#load-context';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/not-found';

/** Not listed in the sitemap (see apps/server/src/web/pages.ts). */
export const handle = {
  sitemap: false,
  uncached:
    'It answers every unknown address with a 404, and the cache keeps only 200 answers: any invented address would otherwise fill it.',
} satisfies PageCacheHandle & { sitemap: boolean };

export function loader() {
  // A real 404 status, so search engines drop the URL and monitors see it.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
    path: location.pathname,
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
