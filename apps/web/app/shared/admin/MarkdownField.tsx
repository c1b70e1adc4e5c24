import { imageMarkdown, uploadAccept } from '@hurryup/contracts/upload-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api-error.ts';
import { callApiLazily } from '../lazy-api-client.ts';
import { RenderedBody } from '../RenderedBody.tsx';
import type { RenderedHtml } from '../rendered-html.ts';

/** How long the field waits after the last key before asking for a new preview. */
const previewDelayMs = 400;

type Preview =
  | { state: 'idle' | 'loading' }
  | { state: 'ready'; html: RenderedHtml }
  | { state: 'failed'; text: string };

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (Object.values(error.fields ?? {})[0] ?? error.message) : fallback;

/**
 * A Markdown body field of the console's editor: the text, and beside it (below it on a phone, as a second
 * tab) the preview rendered by the server's own renderer (`POST /api/admin/markdown/preview`, the code that
 * renders the pages). A picture dropped on the text or chosen with 'Add picture' is uploaded with the alt
 * text the operator gives (`POST /api/admin/uploads`), and `![alt](url)` goes in where the cursor was.
 */
export function MarkdownField({
  id,
  label,
  value,
  problem,
  onChange,
  kind = 'post',
}: {
  id: string;
  label: string;
  value: string;
  /** What is wrong with the value, in words. */
  problem?: string | undefined;
  onChange(value: string): void;
  /** Where the body is shown: headings are placed as on that page. */
  kind?: 'post' | 'blog';
}) {
  const ids = useId();
  const problemId = `${id}-problem`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const [picture, setPicture] = useState<File | undefined>();
  const [alt, setAlt] = useState('');
  const [uploadState, setUploadState] = useState<
    | { state: 'idle' }
    | { state: 'uploading' }
    | { state: 'failed'; text: string }
    | { state: 'done'; text: string }
  >({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  // Where the picture goes: the cursor when the picture was chosen.
  const insertAt = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (value.trim() === '') {
      setPreview({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setPreview((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    const timer = window.setTimeout(async () => {
      try {
        const { html } = await callApiLazily(
          () => import('@hurryup/contracts/uploads').then((c) => c.previewMarkdown),
          { body: { markdown: value, kind } },
          { signal: controller.signal },
        );
        setPreview({ state: 'ready', html: html as RenderedHtml });
      } catch (error) {
        if (!controller.signal.aborted)
          setPreview({
            state: 'failed',
            text: failureText(error, 'The preview could not be made. Try again.'),
          });
      }
    }, previewDelayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, kind]);

  function choose(file: File | undefined) {
    if (!file) return;
    insertAt.current = textarea.current?.selectionStart ?? value.length;
    setPicture(file);
    setAlt('');
    setUploadState({ state: 'idle' });
  }

  async function upload(event: React.FormEvent | React.MouseEvent) {
    event.preventDefault();
    if (!picture) return;
    if (alt.trim().length < 3) {
      setUploadState({ state: 'failed', text: 'Describe the picture in at least 3 characters (alt text).' });
      return;
    }
    setUploadState({ state: 'uploading' });
    try {
      const { url } = await callApiLazily(
        () => import('@hurryup/contracts/uploads').then((c) => c.uploadImage),
        { body: { alt: alt.trim() }, files: { file: picture } },
        { timeoutMs: 120_000 },
      );
      const at = Math.min(insertAt.current ?? value.length, value.length);
      const before = value.slice(0, at);
      const after = value.slice(at);
      const markdown = imageMarkdown(alt, url);
      // The picture gets a paragraph of its own.
      const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
      const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
      onChange(`${before}${lead}${markdown}${trail}${after}`);
      setPicture(undefined);
      setAlt('');
      setUploadState({ state: 'done', text: `Added the picture "${alt.trim()}".` });
    } catch (error) {
      setUploadState({
        state: 'failed',
        text: failureText(error, 'The picture could not be uploaded. Check your connection and try again.'),
      });
    }
  }

  return (
    <div className={`admin-field markdown-field markdown-field--${tab}`}>
      <div className="markdown-field__head">
        <label htmlFor={id}>{label}</label>
        <fieldset className="markdown-field__tabs">
          <legend className="visually-hidden">{label}: show</legend>
          <button
            type="button"
            className="button button--small"
            aria-pressed={tab === 'write'}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={tab === 'preview'}
            onClick={() => setTab('preview')}
          >
            Preview
          </button>
        </fieldset>
      </div>
      <div className="markdown-field__panes">
        <div className="markdown-field__write">
          <textarea
            ref={textarea}
            id={id}
            name={id}
            rows={16}
            value={value}
            className={dragging ? 'markdown-field__text markdown-field__text--drop' : 'markdown-field__text'}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[problem ? problemId : '', `${ids}-help`].filter(Boolean).join(' ')}
            onChange={(event) => onChange(event.target.value)}
            onDragOver={(event) => {
              if (event.dataTransfer.types.includes('Files')) {
                event.preventDefault();
                setDragging(true);
              }
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              const file = event.dataTransfer.files[0];
              setDragging(false);
              if (!file) return;
              event.preventDefault();
              choose(file);
            }}
          />
          <p className="markdown-field__help" id={`${ids}-help`}>
            Markdown: <code>## Heading</code>, <code>- list item</code>, <code>**bold**</code>,{' '}
            <code>[link](https://…)</code>, tables with <code>|</code>. Drop a picture on the text to add it.
          </p>
          <div className="markdown-field__picture">
            <label className="button button--small markdown-field__pick">
              Add picture
              <input
                type="file"
                accept={uploadAccept}
                className="visually-hidden"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            {picture && (
              <div className="markdown-field__alt">
                <label htmlFor={`${ids}-alt`}>Alt text for {picture.name} (what the picture shows)</label>
                <input
                  id={`${ids}-alt`}
                  type="text"
                  required
                  maxLength={300}
                  value={alt}
                  onChange={(event) => setAlt(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void upload(event as unknown as React.FormEvent);
                  }}
                />
                <button
                  type="button"
                  className="button button--small"
                  disabled={uploadState.state === 'uploading'}
                  onClick={(event) => void upload(event)}
                >
                  {uploadState.state === 'uploading' ? 'Uploading…' : 'Upload picture'}
                </button>
                <button type="button" className="button button--small" onClick={() => setPicture(undefined)}>
                  Cancel
                </button>
              </div>
            )}
            {(uploadState.state === 'failed' || uploadState.state === 'done') && (
              <p
                className={uploadState.state === 'failed' ? 'status status--error' : 'status'}
                role={uploadState.state === 'failed' ? 'alert' : 'status'}
              >
                {uploadState.text}
              </p>
            )}
          </div>
        </div>
        <section
          className="markdown-field__preview"
          aria-label={`${label}: preview`}
          aria-busy={preview.state === 'loading'}
        >
          {preview.state === 'ready' ? (
            <RenderedBody html={preview.html} className="post-body" />
          ) : preview.state === 'failed' ? (
            <p className="status status--error">{preview.text}</p>
          ) : (
            <p className="status">
              {preview.state === 'loading' ? 'Making the preview…' : 'The preview shows here.'}
            </p>
          )}
        </section>
      </div>
      {problem ? (
        <p className="admin-field__problem" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
