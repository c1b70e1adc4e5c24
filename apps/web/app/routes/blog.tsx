import { useLocation } from 'react-router';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { BlogList } from '../features/blogs/BlogList.tsx';
import type { BlogView } from '../features/blogs/page-data.ts';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/blog';

const blogsPageTitle = 'Blogs - Latest Updates and Insights';
const failedText = 'Error fetching blogs';

/**
 * The same for every visitor: served from the page cache (PageCacheHandle). A page to read: it hydrates at
 * the visitor's first use (PageHydrationHandle).
 */
export const handle = {
  cache: { shows: ['blogs'], query: ['entry'] },
  hydrate: 'on-use',
  loadingText: 'Loading blogs...',
} satisfies PageCacheHandle & PageHydrationHandle & PageLoadingHandle;

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
  const entryParam = new URL(request.url).searchParams.get('entry');
  const entry = entryParam && /^\d+$/.test(entryParam) ? Number(entryParam) : undefined;
  try {
    const blogs = await pageData(context, 'blogs').list();
    return { blogs, entry: blogs.some((b) => b.id === entry) ? entry : undefined, error: undefined };
  } catch (error) {
    return loaderFailure(args, error, failedText, {
      blogs: [] as BlogView[],
      entry: undefined,
      error: failedText,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const entry = loaderData?.blogs.find((b) => b.id === loaderData.entry);
  if (entry) {
    return pageMeta(site, {
      title: entry.title,
      description: entry.summary,
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

/** The page's failure state when its data request failed outright (decision 0010). */
export function ErrorBoundary() {
  return <BlogList blogs={[]} entry={undefined} error={failedText} />;
}
