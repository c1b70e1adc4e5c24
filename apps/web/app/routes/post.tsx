import type { Post } from '@hurryup/contracts/post';
import { postPath, titleFromPostSegment } from '@hurryup/contracts/post-slug';
import { postFirstImage, postPlainText, postSummary } from '@hurryup/contracts/post-text';
import { data } from 'react-router';
import { appContext } from '#load-context';
import { AdSlot } from '../components/ads/AdSlot.tsx';
import { PostBody } from '../components/content/PostBody.tsx';
import { PostReader } from '../components/content/PostReader.tsx';
import { ShareButton } from '../components/content/ShareButton.tsx';
import { formatDate } from '../lib/format-date.ts';
import { JsonLd } from '../lib/json-ld.tsx';
import { absoluteUrl, pageMeta, siteFromMatches } from '../lib/page-meta.ts';
import { useSite } from '../lib/use-site.ts';
import type { Route } from './+types/post';

/** Not listed in the sitemap (see apps/server/src/web/pages.ts). */
export const handle = { sitemap: false };

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
    const post = await context.get(appContext).content.posts.getByTitle(title);
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
  const site = useSite();
  if (!loaderData.post) {
    return (
      <article className="page page--narrow">
        <p className="status status--error" role="alert">
          {loaderData.error}
        </p>
      </article>
    );
  }
  const { post } = loaderData;
  const url = absoluteUrl(site, postPath(post.title));
  const image = postFirstImage(post);
  return (
    <article className="page page--prose post">
      <AdSlot placement="banner" />
      <h1>{post.title}</h1>
      <p className="content-item__meta">
        {post.author ?? 'Anonymous'} · <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
      </p>
      <PostReader key={post.id} postId={post.id} text={`${post.title}.\n\n${postPlainText(post)}`} />
      {post.image && (
        <figure className="post-body__figure">
          <img src={post.image} alt="" width={1200} height={630} decoding="async" />
        </figure>
      )}
      <PostBody content={post.content} contentArray={post.contentArray} />
      <ShareButton label="Share Post" title={post.title} url={url} imageUrl={image?.url} />
      <AdSlot placement="inline" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'DiscussionForumPosting',
          headline: post.title,
          text: postSummary(post, 300),
          url,
          datePublished: post.createdAt,
          author: { '@type': 'Person', name: post.author ?? 'Anonymous' },
          ...(image ? { image: absoluteUrl(site, image.url) } : {}),
        }}
      />
    </article>
  );
}
