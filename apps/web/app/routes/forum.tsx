import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { ForumList } from '../features/posts/ForumList.tsx';
import type { PostListItem } from '../features/posts/page-data.ts';
import { pageInfo } from '../features/posts/paging.ts';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/forum';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = {
  cache: { shows: ['posts'], query: ['page'] },
  hydrate: 'on-use',
  loadingText: 'Loading posts...',
} satisfies PageCacheHandle & PageHydrationHandle & PageLoadingHandle;

const failedText = 'Error fetching posts';

export async function loader(args: Route.LoaderArgs) {
  const posts = pageData(args.context, 'posts');
  try {
    const info = pageInfo(args.url.searchParams.get('page'), await posts.count());
    const list = await posts.list({ limit: info.limit, offset: info.offset });
    return { posts: list, page: info.page, pages: info.pages, error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failedText, {
      posts: [] as PostListItem[],
      page: 1,
      pages: 1,
      error: failedText,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const page = loaderData?.page ?? 1;
  return pageMeta(site, {
    title: page > 1 ? `User Forum – page ${page}` : 'User Forum',
    description: `Posts from the ${site.name} community: tool guides, money safety, markets and exam tips. Read in English or Hindi, or listen.`,
    path: page > 1 ? `/userforum?page=${page}` : '/userforum',
  });
};

export default function ForumPage({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, error } = loaderData;
  return <ForumList posts={posts} page={page} pages={pages} error={error} />;
}

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <ForumList posts={[]} page={1} pages={1} error={failedText} />;
}
