import type { Post } from '@hurryup/contracts/post';
import { data } from 'react-router';
import { type PageCacheHandle, type PageHydrationHandle, pageData } from '#load-context';
import { ForumList } from '../features/posts/ForumList.tsx';
import { pageInfo } from '../features/posts/paging.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/forum';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = { cache: {}, hydrate: 'on-use' } satisfies PageCacheHandle & PageHydrationHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const posts = pageData(context, 'posts');
  try {
    const info = pageInfo(new URL(request.url).searchParams.get('page'), await posts.count());
    const list = await posts.list({ limit: info.limit, offset: info.offset });
    return { posts: list, page: info.page, pages: info.pages, error: undefined };
  } catch (error) {
    console.error('Error fetching posts', error);
    return data({ posts: [] as Post[], page: 1, pages: 1, error: 'Error fetching posts' }, { status: 500 });
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
