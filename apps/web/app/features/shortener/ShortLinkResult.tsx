import { shortenerTexts } from '@hurryup/contracts/shortener-rules';
import { useState } from 'react';
import { qrFileName, svgDataUrl } from './qr.ts';

/** The short link just made: the link itself, a Copy button, and its QR code shown and downloadable. */
export function ShortLinkResult({
  shortUrl,
  code,
  qrSvg,
}: {
  shortUrl: string;
  code: string;
  qrSvg: string;
}) {
  const [copyStatus, setCopyStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(shortUrl);
      setCopyStatus(shortenerTexts.copied);
    } catch (error) {
      console.error('Copying the short link failed', error);
      setCopyStatus(shortenerTexts.copyFailed);
    }
  }

  const qr = svgDataUrl(qrSvg);
  return (
    <section className="shortener-result" aria-labelledby="shortener-result-heading">
      <h2 id="shortener-result-heading">{shortenerTexts.resultLabel}</h2>
      <p className="shortener-result__link">
        <a href={shortUrl} target="_blank" rel="noopener noreferrer">
          {shortUrl}
        </a>
        <button type="button" className="button shortener-button--plain" onClick={copy}>
          {shortenerTexts.copy}
        </button>
      </p>
      <p className="shortener-result__status" role="status">
        {copyStatus}
      </p>
      <figure className="shortener-qr">
        <img src={qr} alt={shortenerTexts.qrAlt} width={164} height={164} />
        <figcaption>
          <a href={qr} download={qrFileName(code)}>
            {shortenerTexts.downloadQr}
          </a>
        </figcaption>
      </figure>
      <p className="shortener-result__tip">{shortenerTexts.previewTip}</p>
    </section>
  );
}
