import type { Comment } from '@hurryup/contracts/comment';
import { useId, useState } from 'react';
import { ReportLink } from '../../shared/ReportLink.tsx';
import { LocalTime } from './LocalTime.tsx';

/**
 * The 'N Comments' header ('1 Comment' for one) that opens and closes the list of comments, oldest first. N counts all of the
 * image's comments; the list holds the newest page and any older pages asked for with 'Show older comments'.
 * Each comment has a 'Report' link for the site's team.
 */
export function CommentList({
  comments,
  total,
  hasOlder,
  loadingOlder,
  onShowOlder,
}: {
  comments: Comment[];
  total: number;
  /** Whether older comments than the first one shown exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onShowOlder(): void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section className="comments" aria-label="Comments">
      <h2 className="comments__heading">
        <button
          type="button"
          className="comments__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {`${total} ${total === 1 ? 'Comment' : 'Comments'}`}
          <span aria-hidden="true">{open ? ' −' : ' +'}</span>
        </button>
      </h2>
      <div id={listId} hidden={!open}>
        {hasOlder && (
          <button
            type="button"
            className="button comments__older"
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            aria-disabled={loadingOlder}
            onClick={() => {
              if (!loadingOlder) onShowOlder();
            }}
          >
            {loadingOlder ? 'Loading older comments...' : 'Show older comments'}
          </button>
        )}
        <ol className="comments__list">
          {comments.map((comment) => (
            <li key={comment.id} className="comments__item">
              <p className="comments__text">{comment.comment}</p>
              <div className="comments__meta">
                <LocalTime iso={comment.createdAt} />
                <ReportLink kind="comment" target={comment.id} what="this comment" />
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
