import type { Post } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import { postSummary } from '@hurryup/contracts/post-text';
import { Fragment, useId, useState } from 'react';
import { data, Form, Link } from 'react-router';
import { appContext } from '#load-context';
import { AdSlot } from '../components/ads/AdSlot.tsx';
import { PostBody } from '../components/content/PostBody.tsx';
import { formatDate } from '../lib/format-date.ts';
import { pageMeta, siteFromMatches } from '../lib/page-meta.ts';
import { pageInfo } from '../lib/paging.ts';
import type { Route } from './+types/forum';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { posts } = context.get(appContext).content;
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
                        <p className="content-item__summary">{postSummary(post)}</p>
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
                        <div id={bodyId} className="content-item__body" hidden={!open}>
                          <PostBody content={post.content} contentArray={post.contentArray} />
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
