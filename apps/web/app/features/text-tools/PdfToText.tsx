import {
  textExtractMaxBytes,
  textExtractMessages,
  textFileName,
} from '@hurryup/contracts/text-extract-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { callApiForFileLazily } from '../../shared/lazy-api-client.ts';
import { ConversionProgress } from './ConversionProgress.tsx';
import { conversionFailure, conversionTimeoutMs } from './conversion-failure.ts';

type Outcome = { kind: 'file'; url: string; name: string } | { kind: 'reason'; text: string } | undefined;

/**
 * /pdfToText (tools-and-trading.md "PDF to text"): pick a PDF, 'Convert to Text' sends it to
 * `POST /api/pdf-to-text`, then a download link for a .txt file named after the PDF appears.
 * The specification's alerts (no file, a failed conversion) are browser alerts; the server's reason for
 * refusing a file stays in the page beside the form.
 */
export function PdfToText() {
  const [file, setFile] = useState<File | undefined>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const lastUrl = useRef<string | undefined>(undefined);

  // The text lives in a blob URL until a new one replaces it or the page closes.
  useEffect(
    () => () => {
      if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
    },
    [],
  );
  function show(next: Outcome) {
    if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
    lastUrl.current = next?.kind === 'file' ? next.url : undefined;
    setOutcome(next);
  }

  async function convert() {
    if (busy) return;
    if (!file) {
      show(undefined);
      window.alert(textExtractMessages.noPdf);
      return;
    }
    setBusy(true);
    show(undefined);
    try {
      const text = await callApiForFileLazily(
        () => import('@hurryup/contracts/text-extract').then((c) => c.pdfToText),
        { files: { file } },
        { timeoutMs: conversionTimeoutMs },
      );
      const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
      show({ kind: 'file', url: URL.createObjectURL(blob), name: textFileName(file.name) });
    } catch (error) {
      const failure = conversionFailure(textExtractMessages.pdfFailed, error);
      show(failure.reason ? { kind: 'reason', text: failure.reason } : undefined);
      window.alert(failure.text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page page--tool text-tool" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`}>PDF to Text</h1>
      <p>
        Turn a PDF into a plain text file, page by page. Scanned pages and Hindi pages are read by OCR on our
        server; the PDF is deleted as soon as the text is sent back.
      </p>
      <div className="text-tool__field">
        <label htmlFor={`${ids}-file`}>Choose a PDF (up to {textExtractMaxBytes / 1024 ** 2} MB)</label>
        <input
          id={`${ids}-file`}
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          disabled={busy}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            show(undefined);
          }}
        />
      </div>
      <div className="text-tool__actions">
        <button type="button" className="button" onClick={convert} disabled={busy}>
          Convert to Text
        </button>
      </div>
      {busy ? <ConversionProgress label="Uploading and converting your PDF…" /> : null}
      {outcome?.kind === 'reason' ? (
        <div className="text-tool__alert" role="alert">
          <p className="text-tool__reason">{outcome.text}</p>
        </div>
      ) : null}
      {outcome?.kind === 'file' ? (
        <p className="text-tool__download">
          <a className="button" href={outcome.url} download={outcome.name}>
            Download {outcome.name}
          </a>
        </p>
      ) : null}
    </section>
  );
}
