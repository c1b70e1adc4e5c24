import { postPath } from '@hurryup/contracts/post-slug';
import { Fragment, useId, useState } from 'react';
import { Form, Link } from 'react-router';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { formatDate } from '../../shared/format-date.ts';
import { PostBody } from './PostBody.tsx';
import type { PostListItem } from './page-data.ts';

/** A page of the forum: 10 posts, one expanded at a time, an ad after the fifth, Previous/Next. */
export function ForumList({
  posts,
  page,
  pages,
  error,
}: {
  posts: PostListItem[];
  page: number;
  pages: number;
  error: string | undefined;
}) {
  const [expanded, setExpanded] = useState<number | undefined>();
  const baseId = useId();

  return (
    <section className="page content-list" aria-labelledby={`${baseId}-heading`}>
      <h1 id={`${baseId}-heading`}>User Forum</h1>
      <AdSlot placement="banner" />
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : posts.length === 0 ? (
        <p className="status">No posts yet.</p>
      ) : (
        <>
          {[posts.slice(0, 5), posts.slice(5)].map((group, groupIndex) =>
            group.length === 0 ? null : (
              <Fragment key={groupIndex === 0 ? 'first' : 'rest'}>
                {/* An ad between the first five posts and the rest. */}
                {groupIndex === 1 && <AdSlot placement="inline" />}
                <ol className="content-list__items" start={groupIndex * 5 + 1}>
                  {group.map((post, i) => {
                    const index = groupIndex * 5 + i;
                    const open = expanded === post.id;
                    const bodyId = `${baseId}-post-${post.id}`;
                    return (
                      <li
                        key={post.id}
                        className={`content-item content-item--${index % 2 ? 'odd' : 'even'}`}
                      >
                        <h2 className="content-item__title content-item__title--link">
                          <Link to={postPath(post.title)}>{post.title}</Link>
                        </h2>
                        <p className="content-item__meta">
                          {post.author ?? 'Anonymous'} ·{' '}
                          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
                        </p>
                        <p className="content-item__summary">{post.summary}</p>
                        <button
                          type="button"
                          className="button button--small"
                          aria-expanded={open}
                          aria-controls={bodyId}
                          onClick={() => setExpanded(open ? undefined : post.id)}
                        >
                          {open ? 'Show less' : 'Show more'}
                          <span className="visually-hidden">: {post.title}</span>
                        </button>
                        {/* Only the open post's body is in the document: nine hidden bodies would double the
                            page's HTML and the work of hydrating it. */}
                        <div id={bodyId} className="content-item__body" hidden={!open}>
                          {open && <PostBody html={post.html} />}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </Fragment>
            ),
          )}
          <Form method="get" className="pager" aria-label="Pages">
            <button type="submit" name="page" value={page - 1} className="button" disabled={page <= 1}>
              Previous
            </button>
            <span className="pager__status" aria-live="polite">
              Page {page} of {pages}
            </span>
            <button type="submit" name="page" value={page + 1} className="button" disabled={page >= pages}>
              Next
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
