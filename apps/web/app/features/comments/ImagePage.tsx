import type { Comment } from '@hurryup/contracts/comment';
import { commentsPageSize } from '@hurryup/contracts/comment-rules';
import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import type { SizedImage } from '@hurryup/contracts/image-variants';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { absoluteUrl } from '../../shared/page-meta.ts';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';
import { ShareButton } from '../../shared/ShareButton.tsx';
import { ShareIcon } from '../../shared/ShareIcon.tsx';
import { useSite } from '../../shared/use-site.ts';
import { CommentBox } from './CommentBox.tsx';
import { CommentList } from './CommentList.tsx';

/**
 * The image page: the picture, a share icon, the comment box and the 'N Comments' list. The newest page of
 * comments arrives with the page (N is all of them); older pages load on demand through the API. After a
 * save the page's data is read again (the specification's reload), which brings the new comment and count.
 */
export function ImagePage({
  image,
  imageUrl,
  comments: newest,
  total,
  message,
}: {
  image: (SizedImage & { pagePath: string }) | undefined;
  /** The URL from the address, as given (the comment box checks it as the specification says). */
  imageUrl: string | undefined;
  /** The newest page of comments, oldest first. */
  comments: Comment[];
  /** How many comments the image has in all. */
  total: number;
  message: string | undefined;
}) {
  const site = useSite();
  const revalidator = useRevalidator();
  const [older, setOlder] = useState<OlderComments>(() => noOlder(imageUrl, newest));
  if (older.imageUrl !== imageUrl) {
    // A navigation to another image brings other comments.
    setOlder(noOlder(imageUrl, newest));
  } else if (older.newest !== newest) {
    // Fresh data for this image (after a save): the older pages already shown stay, and so does the page
    // that was newest until now (its oldest may have moved out of the new newest page).
    setOlder({
      ...older,
      newest,
      comments: older.comments.length > 0 ? older.comments.concat(older.newest) : [],
    });
  }
  const shown = byId(older.comments, newest);

  async function loadOlder() {
    const first = shown[0];
    if (!imageUrl || !first) return;
    setOlder((state) => ({ ...state, loading: true }));
    try {
      const page = await callApiLazily(
        () => import('@hurryup/contracts/comment').then((contract) => contract.listComments),
        { query: { imageUrl, before: String(first.id) } },
      );
      setOlder((state) =>
        state.imageUrl === imageUrl
          ? {
              ...state,
              comments: state.comments.concat(page),
              exhausted: page.length < commentsPageSize,
              loading: false,
            }
          : state,
      );
    } catch (error) {
      // The specification only logs a failed comment load.
      console.error('Error fetching comments', error);
      setOlder((state) => ({ ...state, loading: false }));
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
      {/* Comments belong to a picture: with none to show there is nothing to comment on. */}
      {image && (
        <>
          <CommentBox imageUrl={imageUrl} onSaved={() => void revalidator.revalidate()} />
          <CommentList
            comments={shown}
            total={total}
            hasOlder={shown.length < total && !older.exhausted}
            loadingOlder={older.loading}
            onShowOlder={() => void loadOlder()}
          />
        </>
      )}
    </article>
  );
}

/** The comments shown above the newest page, loaded with 'Show older comments'. */
interface OlderComments {
  imageUrl: string | undefined;
  /** The newest page these were loaded beside. */
  newest: Comment[];
  comments: Comment[];
  /** The last page asked for was not full: there is nothing older. */
  exhausted: boolean;
  loading: boolean;
}

const noOlder = (imageUrl: string | undefined, newest: Comment[]): OlderComments => ({
  imageUrl,
  newest,
  comments: [],
  exhausted: false,
  loading: false,
});

/** Every comment once, in the order they were saved (ids grow); the newer copy of one wins. */
function byId(older: Comment[], newest: Comment[]): Comment[] {
  if (older.length === 0) return newest;
  const all = new Map<number, Comment>();
  for (const comment of [...older, ...newest]) all.set(comment.id, comment);
  return [...all.values()].sort((a, b) => a.id - b.id);
}
