import { postPath } from '@hurryup/contracts/post-slug';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { formatDate } from '../../shared/format-date.ts';
import { JsonLd } from '../../shared/json-ld.tsx';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { ShareButton } from '../../shared/ShareButton.tsx';
import { useSite } from '../../shared/use-site.ts';
import { PostBody } from './PostBody.tsx';
import { PostReader } from './PostReader.tsx';
import type { PostView } from './page-data.ts';

/** A post's page: title, author and date, the reading choices, the body, sharing and structured data. */
export function PostArticle({ post }: { post: PostView }) {
  const site = useSite();
  const url = absoluteUrl(site, postPath(post.title));
  const image = post.firstImage;
  return (
    <article className="page page--prose post">
      <AdSlot placement="banner" />
      <h1>{post.title}</h1>
      <p className="content-item__meta">
        {post.author ?? 'Anonymous'} · <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
      </p>
      <PostReader key={post.id} postId={post.id} text={post.readAloud} hindi={post.hindi} />
      {post.image && (
        <figure className="post-body__figure">
          <img src={post.image} alt="" width={1200} height={630} decoding="async" />
        </figure>
      )}
      <PostBody html={post.html} />
      <ShareButton label="Share Post" title={post.title} url={url} imageUrl={image?.url} />
      <AdSlot placement="inline" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'DiscussionForumPosting',
          headline: post.title,
          text: post.summary,
          url,
          datePublished: post.createdAt,
          author: { '@type': 'Person', name: post.author ?? 'Anonymous' },
          ...(image ? { image: absoluteUrl(site, image.url) } : {}),
        }}
      />
    </article>
  );
}
