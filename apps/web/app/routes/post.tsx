import { postPath, titleFromPostSegment } from '@hurryup/contracts/post-slug';
import { shortenText } from '@hurryup/contracts/post-text';
import { data, Link } from 'react-router';
import {
  type PageCacheHandle,
  type PageHydrationHandle,
  type PageLoadingHandle,
  pageData,
} from '#load-context';
import { PostArticle } from '../features/posts/PostArticle.tsx';
import type { PostView } from '../features/posts/page-data.ts';
import { postErrors } from '../features/posts/post-errors.ts';
import { loaderFailure } from '../shared/loader-failure.ts';
import { pageMeta, siteFromMatches } from '../shared/page-meta.ts';
import type { Route } from './+types/post';

/**
 * Not listed in the sitemap (see apps/server/src/web/pages.ts); the same for every visitor, so served from
 * the page cache; a page to read, which hydrates at the visitor's first use.
 */
export const handle = {
  sitemap: false,
  cache: { shows: ['posts'] },
  hydrate: 'on-use',
  loadingText: 'Loading post...',
} satisfies PageCacheHandle & PageHydrationHandle & PageLoadingHandle & { sitemap: boolean };

type PostPageData = { post: PostView; error?: undefined } | { post?: undefined; error: string };

export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args;
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
    return loaderFailure<PostPageData>(args, error, 'Error fetching post', { error: postErrors.fetch });
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
  const image = post.firstImage;
  return pageMeta(site, {
    title: post.title,
    description: shortenText(post.summary, 160),
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

/** A post that cannot be shown: why, and the ways on to other posts. */
function PostError({ error }: { error: string }) {
  return (
    <article className="page page--narrow">
      <p className="status status--error" role="alert">
        {error}
      </p>
      <Link to="/userforum">User Forum</Link> · <Link to="/SearchPage">Search posts</Link>
    </article>
  );
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.post) return <PostError error={loaderData.error} />;
  return <PostArticle post={loaderData.post} />;
}

/**
 * The page's failure state when its data request failed outright (decision 0010): `postErrors.fetch`, written
 * out because this page's bundle is at its budget and a constant costs a few bytes more (a test checks the two
 * agree).
 */
export function ErrorBoundary() {
  return <PostError error="Error fetching post" />;
}
