/** What a short link's preview page shows (`/s/<code>+`). */
export interface ShortLinkPreviewData {
  code: string;
  shortUrl: string;
  longUrl: string;
  /** ISO date and time. */
  createdAt: string;
  clicks: number;
  /** The QR code of `shortUrl`, an SVG document. */
  qrSvg: string;
  disabled: false;
}

/** A short link the site disabled (or deleted): its page says so, and answers 410. */
export interface DisabledShortLinkData {
  code: string;
  disabled: true;
}

/** What the shortener's pages read from the server. */
export interface ShortenerPageData {
  /** The link of `code` with its clicks so far, or that it was disabled; undefined when there is none. */
  preview(code: string): Promise<ShortLinkPreviewData | DisabledShortLinkData | undefined>;
}

declare module '../../load-context.ts' {
  interface PageData {
    shortener: ShortenerPageData;
  }
}
