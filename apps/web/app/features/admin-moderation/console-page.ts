/**
 * What every console screen of this feature answers with: never kept by a browser, a proxy or the page
 * cache (the routes declare no `handle.cache`; `no-store` also keeps the page cache's renderer from
 * keeping it), and never indexed (the meta tag from `pageMeta({ noindex: true })` and this header).
 */
export const consolePageHeaders = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;
