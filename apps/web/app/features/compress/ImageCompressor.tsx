import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import {
  compressedFileName,
  compressFileProblem,
  compressLevel,
  compressMaxWidthOrHeight,
  compressMessages,
  levelPercent,
  readableSize,
  savingPercent,
} from './compress-rules.ts';
import { useImageCompressor } from './use-image-compressor.ts';

interface Result {
  url: string;
  bytes: number;
  width: number;
  height: number;
}

/** An object URL for a blob, revoked when it is replaced or the page goes. */
function useObjectUrl(result: Result | undefined) {
  useEffect(() => (result ? () => URL.revokeObjectURL(result.url) : undefined), [result]);
}

/**
 * /compress (tools-and-trading.md "Image compressor"): a picture is made smaller in the visitor's browser,
 * in a background worker, to about the slider's size in MB and at most 1920 px wide or high; the result is
 * previewed with its size and saving, and downloads as compressed_image.jpg. A new file clears the result.
 * The specification's alerts ('Please upload an image first.', 'Compression failed. Please try again.') are
 * browser alerts; the library's refusal of a file ('The file given is not an image') stays beside the form.
 */
export function ImageCompressor() {
  const compress = useImageCompressor();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [level, setLevel] = useState<number>(compressLevel.initial);
  const [result, setResult] = useState<Result | undefined>(undefined);
  // The more specific reason beside the form (the library's refusal); the specification's alerts are dialogs.
  const [detail, setDetail] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // Which choice of file a compression belongs to: a result for a file no longer chosen is dropped.
  const choice = useRef(0);
  useObjectUrl(result);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    choice.current += 1;
    setFile(event.target.files?.[0]);
    setBusy(false);
    setResult(undefined);
    setDetail(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = compressFileProblem(file);
    if (!file || problem === compressMessages.noFile) {
      setDetail(undefined);
      window.alert(compressMessages.noFile);
      return;
    }
    if (problem) {
      // The library's own refusal is a compression failure: logged, the failure alert, the reason kept inline.
      console.error('Image compression failed:', problem);
      setDetail(problem);
      setResult(undefined);
      window.alert(compressMessages.failed);
      return;
    }
    setDetail(undefined);
    setResult(undefined);
    setBusy(true);
    const chosen = choice.current;
    const answer = await compress(file, level);
    if (chosen !== choice.current) return;
    setBusy(false);
    if (!answer.ok) {
      setDetail(answer.message || undefined);
      window.alert(compressMessages.failed);
      return;
    }
    setResult({
      url: URL.createObjectURL(answer.blob),
      bytes: answer.blob.size,
      width: answer.width,
      height: answer.height,
    });
  }

  const saving = file && result ? savingPercent(file.size, result.bytes) : 0;
  return (
    <section className="page page--tool compressor" aria-labelledby="compressor-heading">
      <h1 id="compressor-heading">Image Compressor</h1>
      <p className="page__lede">
        Make a picture smaller for sharing or uploading. It is compressed in your browser and never leaves
        your device; the result is a JPEG at most {compressMaxWidthOrHeight} pixels wide or high.
      </p>
      <form className="compressor__form" onSubmit={submit} noValidate>
        <div className="compressor__field">
          <label htmlFor="compressor-file">Image</label>
          <input id="compressor-file" name="image" type="file" accept="image/*" onChange={choose} />
        </div>
        <div className="compressor__field">
          <div className="compressor__level">
            <label htmlFor="compressor-level">Compression level</label>
            <output htmlFor="compressor-level">{levelPercent(level)}</output>
          </div>
          <input
            id="compressor-level"
            name="level"
            type="range"
            min={compressLevel.min}
            max={compressLevel.max}
            step={compressLevel.step}
            value={level}
            aria-valuetext={levelPercent(level)}
            aria-describedby="compressor-level-help"
            onChange={(event) => setLevel(Number(event.target.value))}
          />
          <p id="compressor-level-help" className="compressor__help">
            The target size: {levelPercent(level)} of 1 MB (about{' '}
            {readableSize(Math.round(level * 1024 * 1024))}).
          </p>
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Compressing...' : 'Compress'}
        </button>
      </form>
      <div className="compressor__alert" role="alert">
        {detail ? <p className="status status--error">{detail}</p> : null}
      </div>
      {busy ? (
        <p className="compressor__status" role="status">
          Compressing your image...
        </p>
      ) : null}
      {result && file ? (
        <section className="compressor__result" aria-labelledby="compressor-result-heading">
          <h2 id="compressor-result-heading">Compressed image</h2>
          <dl className="compressor__sizes">
            <div>
              <dt>Original</dt>
              <dd>{readableSize(file.size)}</dd>
            </div>
            <div>
              <dt>Compressed</dt>
              <dd>{readableSize(result.bytes)}</dd>
            </div>
            <div>
              <dt>Saving</dt>
              <dd>{saving}%</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>
                {result.width} × {result.height} px
              </dd>
            </div>
          </dl>
          <img
            className="compressor__preview"
            src={result.url}
            width={result.width}
            height={result.height}
            alt={`Preview of the compressed ${file.name}`}
          />
          <a className="button" href={result.url} download={compressedFileName}>
            Download Compressed Image
          </a>
        </section>
      ) : null}
    </section>
  );
}
