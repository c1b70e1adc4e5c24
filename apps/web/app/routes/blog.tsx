import type { Blog } from '@hurryup/contracts/blog';
import { data, useLocation } from 'react-router';
import { type PageCacheHandle, type PageHydrationHandle, pageData } from '#load-context';
import { BlogList } from '../features/blogs/BlogList.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/blog';

const blogsPageTitle = 'Blogs - Latest Updates and Insights';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = { cache: {}, hydrate: 'on-use' } satisfies PageCacheHandle & PageHydrationHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const entryParam = new URL(request.url).searchParams.get('entry');
  const entry = entryParam && /^\d+$/.test(entryParam) ? Number(entryParam) : undefined;
  try {
    const blogs = await pageData(context, 'blogs').list();
    return { blogs, entry: blogs.some((b) => b.id === entry) ? entry : undefined, error: undefined };
  } catch (error) {
    console.error('Error fetching blogs', error);
    return data({ blogs: [] as Blog[], entry: undefined, error: 'Error fetching blogs' }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const entry = loaderData?.blogs.find((b) => b.id === loaderData.entry);
  if (entry) {
    return pageMeta(site, {
      title: entry.title,
      description: entry.content.replace(/\s+/g, ' ').slice(0, 160),
      path: `/blog?entry=${entry.id}`,
      type: 'article',
    });
  }
  return pageMeta(site, {
    title: blogsPageTitle,
    bareTitle: true,
    description: `Latest updates, how-tos and insights from ${site.name}: new tools, safety tips and guides for readers in India.`,
    path: '/blog',
  });
};

export default function BlogRoute(props: Route.ComponentProps) {
  // Following another ?entry= link opens that entry.
  const location = useLocation();
  const { blogs, entry, error } = props.loaderData;
  return <BlogList key={location.search} blogs={blogs} entry={entry} error={error} />;
}
