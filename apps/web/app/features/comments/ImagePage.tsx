import type { Comment } from '@hurryup/contracts/comment';
import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import type { SizedImage } from '@hurryup/contracts/image-variants';
import { useState } from 'react';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';
import { ShareButton } from '../../shared/ShareButton.tsx';
import { ShareIcon } from '../../shared/ShareIcon.tsx';
import { useSite } from '../../shared/use-site.ts';
import { CommentBox } from './CommentBox.tsx';
import { CommentList } from './CommentList.tsx';

/**
 * The image page: the picture, a share icon, the comment box and the 'N Comments' list. Comments arrive
 * with the page; after a save they are fetched again (the specification's reload).
 */
export function ImagePage({
  image,
  imageUrl,
  comments: initial,
  message,
}: {
  image: (SizedImage & { pagePath: string }) | undefined;
  /** The URL from the address, as given (the comment box checks it as the specification says). */
  imageUrl: string | undefined;
  comments: Comment[];
  message: string | undefined;
}) {
  const site = useSite();
  const [comments, setComments] = useState(initial);
  const [shownFor, setShownFor] = useState(initial);
  // A navigation to another image brings other comments.
  if (initial !== shownFor) {
    setShownFor(initial);
    setComments(initial);
  }

  async function reload() {
    if (!imageUrl) return;
    try {
      // The API client and its schemas load with the first save, not with the page.
      const [{ callApi }, { listComments }] = await Promise.all([
        import('../../shared/api-client.ts'),
        import('@hurryup/contracts/comment'),
      ]);
      setComments(await callApi(listComments, { query: { imageUrl } }));
    } catch (error) {
      // The specification only logs a failed comment load.
      console.error('Error fetching comments', error);
    }
  }

  return (
    <article className="page image-page" aria-labelledby="image-heading">
      <h1 id="image-heading" className="visually-hidden">
        {image ? image.alt : 'Image'}
      </h1>
      {image ? (
        <figure className="image-page__figure">
          <ResponsiveImage image={image} sizes="(min-width: 768px) 720px, 100vw" eager />
        </figure>
      ) : (
        <p className="status status--error" role="alert">
          {message ?? 'No image available'}
        </p>
      )}
      {image && (
        <ShareButton
          icon={<ShareIcon />}
          label="Share this image"
          title={image.alt}
          url={absoluteUrl(site, imagePagePath(image.url))}
          imageUrl={image.url}
        />
      )}
      <CommentBox imageUrl={imageUrl} onSaved={() => void reload()} />
      <CommentList comments={comments} />
    </article>
  );
}
