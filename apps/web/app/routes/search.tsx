import type { PostSearchHit } from '@hurryup/contracts/post';
import { postSearchMinLength } from '@hurryup/contracts/post-search';
import { useLocation } from 'react-router';
import { type PageCacheHandle, type PageHydrationHandle, pageData } from '#load-context';
import { PostSearch, searchUnavailable } from '../features/search/PostSearch.tsx';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/search';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = {
  cache: { shows: ['posts'], query: ['q'] },
  hydrate: 'on-use',
} satisfies PageCacheHandle & PageHydrationHandle;

export async function loader(args: Route.LoaderArgs) {
  const q = (args.url.searchParams.get('q') ?? '').slice(0, 200);
  if (q.trim().length < postSearchMinLength) return { q, results: [] as PostSearchHit[], error: undefined };
  try {
    return { q, results: await pageData(args.context, 'posts').search(q), error: undefined };
  } catch (error) {
    // A 500, not the 200 it was: the page cache keeps only 200 pages, and a failed search must not stay.
    return loaderFailure(args, error, 'Post search failed', {
      q,
      results: [] as PostSearchHit[],
      error: searchUnavailable,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: 'Search Posts',
    description: `Search every post on ${site.name} by title and description: tool guides, UPI safety, markets, exams and more.`,
    path: '/SearchPage',
  });
};

export default function SearchRoute(props: Route.ComponentProps) {
  // A navigation to this page (e.g. the menu's 'Deep Search') starts afresh from its loader data; typing
  // only replaces the address and keeps the same location key.
  const location = useLocation();
  return <PostSearch key={location.key} initial={props.loaderData} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  const location = useLocation();
  const q = (new URLSearchParams(location.search).get('q') ?? '').slice(0, 200);
  return <PostSearch key={location.key} initial={{ q, results: [], error: searchUnavailable }} />;
}
