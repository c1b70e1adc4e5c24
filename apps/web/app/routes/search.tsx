import type { PostSearchHit } from '@hurryup/contracts/post';
import { postSearchMinLength } from '@hurryup/contracts/post-search';
import { useLocation } from 'react-router';
import { type PageCacheHandle, type PageHydrationHandle, pageData } from '#load-context';
import { PostSearch, searchUnavailable } from '../features/search/PostSearch.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/search';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = { cache: {}, hydrate: 'on-use' } satisfies PageCacheHandle & PageHydrationHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  if (q.trim().length < postSearchMinLength) return { q, results: [] as PostSearchHit[], error: undefined };
  try {
    return { q, results: await pageData(context, 'posts').search(q), error: undefined };
  } catch (error) {
    console.error('Post search failed', error);
    return { q, results: [] as PostSearchHit[], error: searchUnavailable };
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
