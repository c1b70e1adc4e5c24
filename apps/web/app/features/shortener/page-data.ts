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
}

/** What the shortener's pages read from the server. */
export interface ShortenerPageData {
  /** The link of `code` with its clicks so far; undefined when there is none. */
  preview(code: string): Promise<ShortLinkPreviewData | undefined>;
}

declare module '../../load-context.ts' {
  interface PageData {
    shortener: ShortenerPageData;
  }
}
