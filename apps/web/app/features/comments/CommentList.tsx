import type { Comment } from '@hurryup/contracts/comment';
import { useId, useState } from 'react';
import { LocalTime } from './LocalTime.tsx';

/** The 'N Comments' header that opens and closes the list of comments, oldest first. */
export function CommentList({ comments }: { comments: Comment[] }) {
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
          {comments.length} Comments
          <span aria-hidden="true">{open ? ' −' : ' +'}</span>
        </button>
      </h2>
      <ol id={listId} className="comments__list" hidden={!open}>
        {comments.map((comment) => (
          <li key={comment.id} className="comments__item">
            <p className="comments__text">{comment.comment}</p>
            <LocalTime iso={comment.createdAt} />
          </li>
        ))}
      </ol>
    </section>
  );
}
