import { useId, useState } from 'react';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { formatDate } from '../../shared/format-date.ts';
import { JsonLd } from '../../shared/json-ld.tsx';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { RenderedBody } from '../../shared/RenderedBody.tsx';
import { useSite } from '../../shared/use-site.ts';
import type { BlogView } from './page-data.ts';

/** The blog list: one entry open at a time (`entry` opens one at first), bodies rendered on the server. */
export function BlogList({
  blogs,
  entry,
  error,
}: {
  blogs: BlogView[];
  entry: number | undefined;
  error: string | undefined;
}) {
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
                <div id={contentId} className="content-item__body" hidden={!open}>
                  <RenderedBody html={blog.html} />
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
