import type { Blog } from '@hurryup/contracts/blog';
import { useId, useState } from 'react';
import { data, useLocation } from 'react-router';
import { appContext } from '#load-context';
import { AdSlot } from '../components/ads/AdSlot.tsx';
import { formatDate } from '../lib/format-date.ts';
import { JsonLd } from '../lib/json-ld.tsx';
import { absoluteUrl, pageMeta, siteFromMatches } from '../lib/page-meta.ts';
import { useSite } from '../lib/use-site.ts';
import type { Route } from './+types/blog';

const blogsPageTitle = 'Blogs - Latest Updates and Insights';

export async function loader({ context, request }: Route.LoaderArgs) {
  const entryParam = new URL(request.url).searchParams.get('entry');
  const entry = entryParam && /^\d+$/.test(entryParam) ? Number(entryParam) : undefined;
  try {
    const blogs = await context.get(appContext).content.blogs.list();
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
  return <BlogPage key={location.search} {...props} />;
}

function BlogPage({ loaderData }: Route.ComponentProps) {
  const { blogs, entry, error } = loaderData;
  const site = useSite();
  const [expanded, setExpanded] = useState<number | undefined>(entry);
  const baseId = useId();

  return (
    <section className="page content-list" aria-labelledby={`${baseId}-heading`}>
      <h1 id={`${baseId}-heading`}>Blogs</h1>
      <p className="page__lede">Latest updates and insights</p>
      <AdSlot placement="banner" />
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : blogs.length === 0 ? (
        <p className="status">No blogs yet.</p>
      ) : (
        <ol className="content-list__items">
          {blogs.map((blog, index) => {
            const open = expanded === blog.id;
            const contentId = `${baseId}-blog-${blog.id}`;
            return (
              <li
                key={blog.id}
                id={`blog-${blog.id}`}
                className={`content-item content-item--${index % 2 ? 'odd' : 'even'}`}
              >
                <h2 className="content-item__title">
                  <button
                    type="button"
                    className="content-item__toggle"
                    aria-expanded={open}
                    aria-controls={contentId}
                    onClick={() => setExpanded(open ? undefined : blog.id)}
                  >
                    <span>{blog.title}</span>
                    <span className="content-item__icon" aria-hidden="true">
                      {open ? '−' : '+'}
                    </span>
                  </button>
                </h2>
                <p className="content-item__meta">
                  <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time> · {blog.author}
                </p>
                <div id={contentId} className="content-item__body content-item__body--lines" hidden={!open}>
                  {blog.content}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {blogs.length > 0 && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: `${site.name} blog`,
            url: absoluteUrl(site, '/blog'),
            blogPost: blogs.map((blog) => ({
              '@type': 'BlogPosting',
              headline: blog.title,
              author: { '@type': 'Person', name: blog.author },
              datePublished: blog.createdAt,
              url: absoluteUrl(site, `/blog?entry=${blog.id}`),
            })),
          }}
        />
      )}
    </section>
  );
}
