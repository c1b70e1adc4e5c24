import {
  imageToTextAccept,
  imageToTextTypesText,
  textExtractMaxBytes,
  textExtractMessages,
} from '@hurryup/contracts/text-extract-rules';
import { type DragEvent, useId, useRef, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { ConversionProgress } from './ConversionProgress.tsx';
import { conversionFailure, conversionTimeoutMs } from './conversion-failure.ts';

/** What stays in the page: the extracted text, or the server's reason for refusing the file. */
type Outcome = { kind: 'text'; text: string } | { kind: 'reason'; text: string } | undefined;

/**
 * /imgToText (tools-and-trading.md "Image to text"): drop a file or pick one, 'Convert' sends it to the
 * server's OCR (`POST /api/extract-text`), the text appears below with a copy button; 'Clear' starts over.
 * The specification's alerts (no file, a failed conversion) are browser alerts; the server's reason for
 * refusing a file stays in the page beside the form.
 */
export function ImageToText() {
  const [file, setFile] = useState<File | undefined>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();

  function choose(chosen: File | undefined) {
    setFile(chosen);
    setOutcome(undefined);
    setCopied(false);
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

  function clear() {
    choose(undefined);
    if (input.current) input.current.value = '';
  }

  async function convert() {
    if (busy) return;
    if (!file) {
      setOutcome(undefined);
      window.alert(textExtractMessages.noImage);
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    setCopied(false);
    try {
      const { text } = await callApiLazily(
        () => import('@hurryup/contracts/text-extract').then((c) => c.extractText),
        { files: { file } },
        { timeoutMs: conversionTimeoutMs },
      );
      setOutcome({ kind: 'text', text });
    } catch (error) {
      const failure = conversionFailure(textExtractMessages.imageFailed, error);
      setOutcome(failure.reason ? { kind: 'reason', text: failure.reason } : undefined);
      window.alert(failure.text);
    } finally {
      setBusy(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className="page page--tool text-tool" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`}>Image to Text</h1>
      <p>
        Pull the text out of a photo, a screenshot or a PDF, in English and Hindi. Files are read on our
        server and deleted as soon as the text is sent back.
      </p>
      <label
        className={`text-tool__drop${dragging ? ' text-tool__drop--over' : ''}`}
        htmlFor={`${ids}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span className="text-tool__drop-title">Drag and drop a file here, or click to choose one</span>
        <span className="text-tool__drop-types">
          Accepted types: {imageToTextTypesText} (up to {textExtractMaxBytes / 1024 ** 2} MB)
        </span>
        {file ? <span className="text-tool__file">Chosen: {file.name}</span> : null}
        <input
          ref={input}
          id={`${ids}-file`}
          className="text-tool__input"
          type="file"
          name="file"
          accept={imageToTextAccept}
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </label>
      <div className="text-tool__actions">
        <button type="button" className="button text-tool__secondary" onClick={clear} disabled={busy}>
          Clear
        </button>
        <button type="button" className="button" onClick={convert} disabled={busy}>
          Convert
        </button>
      </div>
      {busy ? <ConversionProgress label="Uploading and reading your file…" /> : null}
      {outcome?.kind === 'reason' ? (
        <div className="text-tool__alert" role="alert">
          <p className="text-tool__reason">{outcome.text}</p>
        </div>
      ) : null}
      {outcome?.kind === 'text' ? (
        <div className="text-tool__result">
          <div className="text-tool__result-head">
            <h2 id={`${ids}-result`}>Extracted text</h2>
            <button type="button" className="button text-tool__secondary" onClick={() => copy(outcome.text)}>
              {copied ? 'Copied' : 'Copy text'}
            </button>
          </div>
          <pre className="text-tool__text">{outcome.text}</pre>
        </div>
      ) : null}
    </section>
  );
}
