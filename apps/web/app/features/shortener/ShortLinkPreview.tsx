import { shortenerMessages, shortenerTexts } from '@hurryup/contracts/shortener-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format-date.ts';
import type { ReportState } from '../../shared/report-send.ts';
import type { DisabledShortLinkData, ShortLinkPreviewData } from './page-data.ts';
import { qrFileName, svgDataUrl } from './qr.ts';

/**
 * A short link's preview page (`/s/<code>+`): where it leads, when it was made and how often it was
 * followed, with its QR code, so a visitor can check a link before opening it, and a link to report it.
 * Without a link: the 404 text; for a link the site disabled: that it was disabled (the page of `/s/<code>`
 * too, answered 410).
 */
export function ShortLinkPreview({
  link,
}: {
  link: ShortLinkPreviewData | DisabledShortLinkData | undefined;
}) {
  if (link?.disabled) {
    return (
      <article className="page page--narrow" aria-labelledby="short-link-heading">
        <h1 id="short-link-heading">Short link disabled</h1>
        <p>{shortenerMessages.disabled} It no longer leads anywhere.</p>
        <p>
          <Link to="/portUrl">Make a short link</Link> or <Link to="/">go to the home page</Link>.
        </p>
      </article>
    );
  }
  if (!link) {
    return (
      <article className="page page--narrow">
        <h1>Short link not found</h1>
        <p>
          There is no short link at this address. Check the link for typing mistakes: short links are
          case-sensitive.
        </p>
        <p>
          <Link to="/portUrl">Make a short link</Link> or <Link to="/">go to the home page</Link>.
        </p>
      </article>
    );
  }
  const qr = svgDataUrl(link.qrSvg);
  return (
    <article className="page shortener short-link-preview" aria-labelledby="short-link-heading">
      <h1 id="short-link-heading">Short link preview</h1>
      <p>This short link leads to the address below. Open it only if you trust where it goes.</p>
      <div className="short-link-preview__card">
        <dl>
          <dt>Short link</dt>
          <dd>{link.shortUrl}</dd>
          <dt>Destination</dt>
          <dd>
            <a href={link.longUrl} rel="nofollow noopener noreferrer">
              {link.longUrl}
            </a>
          </dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={link.createdAt}>{formatDate(link.createdAt)}</time>
          </dd>
          <dt>Clicks</dt>
          <dd>{link.clicks.toLocaleString('en-IN')}</dd>
        </dl>
        <figure className="shortener-qr">
          <img src={qr} alt={shortenerTexts.qrAlt} width={164} height={164} />
          <figcaption>
            <a href={qr} download={qrFileName(link.code)}>
              {shortenerTexts.downloadQr}
            </a>
          </figcaption>
        </figure>
      </div>
      <p className="short-link-preview__actions">
        <Link to="/portUrl">Make your own short link</Link>
        <ReportShortLink code={link.code} />
      </p>
    </article>
  );
}

/** The short link's 'Report' link: its press loads `shared/report-send.ts`, which sends the report. */
function ReportShortLink({ code }: { code: string }) {
  const [state, setState] = useState<ReportState>();
  return (
    <span className="report">
      {state?.sent ? null : (
        <button
          type="button"
          className="report__link"
          onClick={() =>
            void import('../../shared/report-send.ts').then((m) => m.sendReport('short-link', code, setState))
          }
        >
          Report<span className="visually-hidden"> this short link</span>
        </button>
      )}
      <span className="report__status" role="status">
        {state?.text}
      </span>
    </span>
  );
}
