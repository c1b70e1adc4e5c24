import {
  cleanComment,
  commentLengthOk,
  commentMaxLength,
  commentMessages,
  decodeImageUrl,
  stripTags,
} from '@hurryup/contracts/comment-rules';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { mountEmojiPicker } from './emoji-picker.ts';

/**
 * What a failed save says (content-and-shell.md section 8): the server's message when it sent one (the
 * uniform error body's `error`), otherwise 'Failed to save comment.': for a 5xx without a body, an answer
 * this page cannot read, a network failure or a timeout (decisions.md section 2: a timed-out call shows the
 * call's own failure text).
 */
export function saveFailureText(error: unknown): string {
  // Read by shape, not instanceof: the page then does not carry the class. Status 0: the client's own
  // failures (no answer in time, none at all); no code: no error body.
  const { message, status = 0, code } = (error ?? {}) as Partial<ApiError>;
  return status > 0 && code && message ? message : commentMessages.saveFailed;
}

/**
 * The comment box: tags stripped as typed, an emoji picker loaded on first use, Send only for a non-empty
 * comment, and the specification's alerts. A field people never see (a honeypot) and the time the page has
 * been open go with the comment, for the server's spam checks.
 */
export function CommentBox({ imageUrl, onSaved }: { imageUrl: string | undefined; onSaved(): void }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [emojiState, setEmojiState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const pickerHost = useRef<HTMLDivElement>(null);
  const ids = useId();

  // Mounted once, on the first opening; closing only hides it, so it keeps its place and search.
  const pickerRequested = useRef(false);
  useEffect(() => {
    if (!emojiOpen || pickerRequested.current || !pickerHost.current) return;
    pickerRequested.current = true;
    function insertAtCursor(emoji: string) {
      const box = textarea.current;
      if (!box) return;
      const start = box.selectionStart ?? box.value.length;
      const end = box.selectionEnd ?? box.value.length;
      setText(box.value.slice(0, start) + emoji + box.value.slice(end));
      requestAnimationFrame(() => {
        box.focus();
        box.setSelectionRange(start + emoji.length, start + emoji.length);
      });
    }

    setEmojiState('loading');
    mountEmojiPicker(pickerHost.current, (emoji) => insertAtCursor(emoji.native))
      .then(() => setEmojiState('ready'))
      .catch((error: unknown) => {
        console.error('Loading the emoji picker failed', error);
        setEmojiState('failed');
      });
  }, [emojiOpen]);

  async function send() {
    if (!imageUrl) return window.alert(commentMessages.imageMissing);
    if (decodeImageUrl(imageUrl) === null) return window.alert(commentMessages.imageInvalid);
    const comment = cleanComment(text);
    if (!commentLengthOk(comment)) return window.alert(commentMessages.length);
    setSending(true);
    try {
      // The API client and its schemas load with the first send, not with the page.
      await callApiLazily(
        () => import('@hurryup/contracts/comment').then((contract) => contract.saveComment),
        {
          body: {
            imageUrl,
            comment,
            website: honeypot.current?.value ?? '',
          },
        },
      );
      window.alert(commentMessages.saved);
      setText('');
      onSaved();
    } catch (error) {
      window.alert(saveFailureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="comment-box"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${ids}-comment`} className="visually-hidden">
        Add a comment
      </label>
      <textarea
        id={`${ids}-comment`}
        ref={textarea}
        className="comment-box__text"
        placeholder="Add a comment..."
        rows={3}
        // Room for tags being typed; what is sent is checked against the limit after stripping.
        maxLength={commentMaxLength * 4}
        value={text}
        onChange={(event) => setText(stripTags(event.target.value))}
      />
      <div className="comment-box__trap" aria-hidden="true">
        <label htmlFor={`${ids}-website`}>Website</label>
        <input
          id={`${ids}-website`}
          ref={honeypot}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="comment-box__actions">
        <button
          type="button"
          className="button"
          aria-expanded={emojiOpen}
          aria-controls={`${ids}-emoji`}
          onClick={() => setEmojiOpen(!emojiOpen)}
        >
          <span aria-hidden="true">😊</span> Emoji
        </button>
        {text.trim() !== '' && (
          <button type="submit" className="button" disabled={sending}>
            Send
          </button>
        )}
      </div>
      <div id={`${ids}-emoji`} className="comment-box__emoji" hidden={!emojiOpen}>
        {emojiState === 'loading' && <p className="status">Loading emojis...</p>}
        {emojiState === 'failed' && (
          <p className="status status--error" role="alert">
            The emoji picker could not be loaded.
          </p>
        )}
        <div ref={pickerHost} />
      </div>
    </form>
  );
}
