import type { Comment } from '@hurryup/contracts/comment';
import { useId, useState } from 'react';
import type { ReportState } from '../../shared/report-send.ts';
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
                <ReportComment id={comment.id} />
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * The comment's 'Report' link (issue 30 item 5): its press loads `shared/report-send.ts`, which sends
 * `POST /api/reports` and says in words how it went. The page's HTML stays the same for every visitor.
 */
function ReportComment({ id }: { id: number }) {
  const [state, setState] = useState<ReportState>();
  return (
    <span className="report">
      {state?.sent ? null : (
        <button
          type="button"
          className="report__link"
          onClick={() =>
            void import('../../shared/report-send.ts').then((m) => m.sendReport('comment', id, setState))
          }
        >
          Report<span className="visually-hidden"> this comment</span>
        </button>
      )}
      <span className="report__status" role="status">
        {state?.text}
      </span>
    </span>
  );
}
