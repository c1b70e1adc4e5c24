import type { Post } from '@hurryup/contracts/post';
import { postPath, titleFromPostSegment } from '@hurryup/contracts/post-slug';
import { postFirstImage, postSummary } from '@hurryup/contracts/post-text';
import { data } from 'react-router';
import { type PageCacheHandle, type PageHydrationHandle, pageData } from '#load-context';
import { PostArticle } from '../features/posts/PostArticle.tsx';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/post';

/**
 * Not listed in the sitemap (see apps/server/src/web/pages.ts); the same for every visitor, so served from
 * the page cache; a page to read, which hydrates at the visitor's first use.
 */
export const handle = { sitemap: false, cache: {}, hydrate: 'on-use' } satisfies PageCacheHandle &
  PageHydrationHandle & { sitemap: boolean };

export const postErrors = {
  fetch: 'Error fetching post',
  invalid: 'Invalid post ID',
  notFound: 'No post data found.',
  noTitle: 'Post title is missing.',
} as const;

type PostPageData = { post: Post; error?: undefined } | { post?: undefined; error: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  // The raw segment, not the router's decoded param: '%' in a title must be decoded exactly once, and a
  // malformed escape is an invalid id rather than a crash.
  const segment = new URL(request.url).pathname.replace(/^\/post\/?/, '').replace(/\.data$/, '');
  const title = titleFromPostSegment(segment);
  if (title === null) return data<PostPageData>({ error: postErrors.invalid }, { status: 400 });
  try {
    const post = await pageData(context, 'posts').getByTitle(title);
    if (!post) return data<PostPageData>({ error: postErrors.notFound }, { status: 404 });
    if (!post.title?.trim()) return data<PostPageData>({ error: postErrors.noTitle }, { status: 500 });
    return data<PostPageData>({ post });
  } catch (error) {
    console.error('Error fetching post', error);
    return data<PostPageData>({ error: postErrors.fetch }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta(site, {
      title: loaderData?.error ?? 'Post',
      description: 'This post could not be shown.',
      path: location.pathname,
      noindex: true,
    });
  }
  const image = postFirstImage(post);
  return pageMeta(site, {
    title: post.title,
    description: postSummary(post, 160),
    path: postPath(post.title),
    type: 'article',
    image: image?.url,
    imageAlt: image?.alt,
    extra: [
      { property: 'article:published_time', content: post.createdAt },
      ...(post.author ? [{ property: 'article:author', content: post.author }] : []),
    ],
  });
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.post) {
    return (
      <article className="page page--narrow">
        <p className="status status--error" role="alert">
          {loaderData.error}
        </p>
      </article>
    );
  }
  return <PostArticle post={loaderData.post} />;
}
