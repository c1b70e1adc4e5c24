import type { AdminCommentListItem } from '@hurryup/contracts/comment';
import { type FormEvent, useCallback, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { consoleTime, problemOf } from './admin-call.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { Pager } from './Pager.tsx';
import { ScreenStatus } from './ScreenStatus.tsx';
import { useAdminList } from './use-admin-list.ts';

export const commentsPageSize = 50;
type Shown = 'all' | 'visible' | 'hidden';
const contract = () => import('@hurryup/contracts/comment');

/**
 * /admin/comments: the comments queue, newest first, of every image or one, with hidden ones or only
 * them; hide, show again, or delete after confirming. Each comment links to the page of its image.
 */
export function CommentsQueue() {
  const [filter, setFilter] = useState<{ imageUrl: string; shown: Shown }>({ imageUrl: '', shown: 'all' });
  const [draft, setDraft] = useState(filter);
  const [offset, setOffset] = useState(0);
  const load = useCallback(
    () =>
      callApiLazily(() => contract().then((c) => c.listAdminComments), {
        query: {
          ...(filter.imageUrl ? { imageUrl: filter.imageUrl } : {}),
          shown: filter.shown,
          limit: String(commentsPageSize),
          offset: String(offset),
        },
      }),
    [filter, offset],
  );
  const list = useAdminList<AdminCommentListItem>(
    load,
    'The comments could not be loaded. Please try again.',
  );
  const [busy, setBusy] = useState<number | undefined>(undefined);
  const [said, setSaid] = useState('');

  async function act(comment: AdminCommentListItem, action: 'hide' | 'show' | 'delete') {
    setBusy(comment.id);
    setSaid('');
    try {
      if (action === 'delete') {
        await callApiLazily(() => contract().then((c) => c.deleteComment), {
          params: { id: String(comment.id) },
        });
        list.setItems((items) => items?.filter((item) => item.id !== comment.id));
        setSaid(`Comment ${comment.id} deleted.`);
      } else {
        const changed = await callApiLazily(() => contract().then((c) => c.setCommentHidden), {
          params: { id: String(comment.id) },
          body: { hidden: action === 'hide' },
        });
        list.setItems((items) =>
          items?.map((item) => (item.id === comment.id ? { ...item, hidden: changed.hidden } : item)),
        );
        setSaid(
          `Comment ${comment.id} ${changed.hidden ? 'hidden from visitors' : 'shown to visitors again'}.`,
        );
      }
      list.setProblem(undefined);
    } catch (error) {
      list.setProblem(problemOf(error, `The comment ${comment.id} could not be changed. Please try again.`));
    } finally {
      setBusy(undefined);
    }
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    setOffset(0);
    setFilter({ imageUrl: draft.imageUrl.trim(), shown: draft.shown });
  }

  return (
    <div className="moderation">
      <form className="moderation__filters" onSubmit={apply} action="/admin/comments">
        <div className="moderation__field">
          <label htmlFor="comments-image">Image URL</label>
          <input
            id="comments-image"
            name="imageUrl"
            type="text"
            placeholder="/content/images/gallery/…"
            value={draft.imageUrl}
            onChange={(event) => setDraft({ ...draft, imageUrl: event.target.value })}
          />
        </div>
        <div className="moderation__field">
          <label htmlFor="comments-shown">Show</label>
          <select
            id="comments-shown"
            name="shown"
            value={draft.shown}
            onChange={(event) => setDraft({ ...draft, shown: event.target.value as Shown })}
          >
            <option value="all">All comments</option>
            <option value="visible">Visible only</option>
            <option value="hidden">Hidden only</option>
          </select>
        </div>
        <button type="submit" className="button button--small">
          Filter
        </button>
      </form>
      <p className="moderation__said" role="status">
        {said}
      </p>
      <ScreenStatus loading={list.loading && !list.items} problem={list.problem} />
      {list.items && list.items.length === 0 ? <p>No comments here.</p> : null}
      {list.items && list.items.length > 0 ? (
        <ul className="moderation__list" aria-label="Comments">
          {list.items.map((comment) => (
            <li key={comment.id} className="moderation__item">
              <div className="moderation__head">
                <span>Comment {comment.id}</span>
                {comment.hidden ? (
                  <span className="moderation__badge moderation__badge--off">Hidden</span>
                ) : (
                  <span className="moderation__badge">Visible</span>
                )}
                {comment.reports > 0 ? (
                  <span className="moderation__badge moderation__badge--warn">
                    {comment.reports === 1 ? '1 report' : `${comment.reports} reports`}
                  </span>
                ) : null}
              </div>
              <p className="moderation__text">{comment.comment}</p>
              <p className="moderation__facts">
                {consoleTime(comment.createdAt)} · on{' '}
                {comment.imagePagePath ? (
                  <a href={comment.imagePagePath}>{comment.imageUrl}</a>
                ) : (
                  <span>{comment.imageUrl} (no longer shown)</span>
                )}
              </p>
              <div className="moderation__actions">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={`${comment.hidden ? 'Show' : 'Hide'} comment ${comment.id}`}
                  aria-disabled={busy === comment.id}
                  onClick={() => {
                    if (busy !== comment.id) void act(comment, comment.hidden ? 'show' : 'hide');
                  }}
                >
                  {comment.hidden ? 'Show again' : 'Hide'}
                </button>
                <ConfirmAction
                  label={{ text: 'Delete', name: `Delete comment ${comment.id}` }}
                  question={`Delete comment ${comment.id} for good?`}
                  confirmLabel="Yes, delete"
                  busy={busy === comment.id}
                  onConfirm={() => void act(comment, 'delete')}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        offset={offset}
        pageSize={commentsPageSize}
        shown={list.items?.length ?? 0}
        onMove={setOffset}
        what="comments"
      />
    </div>
  );
}
