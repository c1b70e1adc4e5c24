import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../shared/http-caching.ts';
import { type CachedPage, isPersonalRequest, preferredEncoding } from './page-cache.ts';

/** A page as it is sent: a page that was not kept (not a 200, or personal by its own headers) has no copies. */
export type SentPage = Omit<CachedPage, 'br' | 'gzip'> & Partial<Pick<CachedPage, 'br' | 'gzip'>>;

/** What the first hook needs to answer from the page cache, given once the pages are registered. */
export interface CachedPageSource {
  /** The fresh page stored for this address (as asked, before any rewrite), if any. */
  lookup(url: string): CachedPage | undefined | Promise<CachedPage | undefined>;
  /** The site-wide rate limit: a cached answer counts against it like any other. */
  rateLimit?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * Every header the skipped hooks would have set on a page (helmet's, the Permissions-Policy), computed
   * once; the page's own Content-Security-Policy comes with the page.
   */
  fixedHeaders: Record<string, string>;
}

// The catch-all route every page address reaches (built files and the API have routes of their own).
const pageRoute = '*';

/**
 * Cache hits answered by the very first onRequest hook, before helmet's (which builds a policy with fresh
 * nonces, header by header, for every request) and the site's other hooks, and written to the socket
 * directly: a hit then costs little more than writing its bytes (docs/decisions/0012-page-cache.md).
 * What the skipped hooks would have decided differently for this request is done here: the rate limit,
 * the request id, closing keep-alive connections during shutdown, and a missing Host (left to the request
 * checks' 400). An address outside its normal form never has a page: it is redirected before any render.
 */
export function registerCachedPageAnswers(app: FastifyInstance) {
  let source: CachedPageSource | undefined;
  let closing = false;
  // Each page's headers but the per-request ones, put together on its first hit.
  const hitHeaders = new WeakMap<CachedPage, OutgoingHttpHeaders>();

  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (
      source === undefined ||
      request.method !== 'GET' ||
      request.routeOptions.url !== pageRoute ||
      request.headers.host === undefined ||
      isPersonalRequest(request.headers)
    )
      return;
    // Known revisions answer at once; a promise only while the database is asked (once a second at most).
    const found = source.lookup(request.originalUrl);
    const page = found instanceof Promise ? await found : found;
    if (!page) return;
    await source.rateLimit?.(request, reply);

    let headers = hitHeaders.get(page);
    if (!headers) {
      headers = { ...source.fixedHeaders, ...pageHeaders(page, 'hit') };
      hitHeaders.set(page, headers);
    }
    const perRequest: OutgoingHttpHeaders = {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      ...headers,
      'x-request-id': request.id,
    };
    if (closing) perRequest.connection = 'close';
    const notModified = etagMatches(request.headers['if-none-match'], page.etag);
    const encoding = encodingFor(request.headers['accept-encoding']);
    const body = encoding === 'identity' ? page.identity : page[encoding];
    if (!notModified) {
      if (encoding !== 'identity') perRequest['content-encoding'] = encoding;
      perRequest['content-length'] = body.length;
    }
    // Fastify's own send path (its onSend hooks, serializers) has nothing to add to bytes ready to go.
    reply.hijack();
    reply.code(notModified ? 304 : page.status);
    reply.raw.writeHead(notModified ? 304 : page.status, perRequest);
    reply.raw.end(notModified ? undefined : body);
    return reply;
  });

  return {
    serveFrom(given: CachedPageSource) {
      source = given;
    },
  };
}

export type CachedPageAnswers = ReturnType<typeof registerCachedPageAnswers>;

/** The headers of a page of the cache, for a hit or for the render that filled it. */
function pageHeaders(page: SentPage, outcome: 'hit' | 'miss'): Record<string, string> {
  return {
    ...page.headers,
    vary: 'accept-encoding',
    'x-page-cache': outcome,
    // Only a page that is what it says has a validator; an error page is sent in full every time.
    ...(page.status === 200 ? { etag: page.etag } : {}),
  };
}

/** Sends a rendered page in the encoding the client prefers, or 304 when the client holds it already. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SentPage,
  outcome: 'hit' | 'miss',
) {
  reply.code(page.status).headers(pageHeaders(page, outcome));
  if (page.status === 200 && etagMatches(request.headers['if-none-match'], page.etag))
    return reply.code(304).send();
  const encoding = page.br ? encodingFor(request.headers['accept-encoding']) : 'identity';
  if (encoding === 'identity') return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

// Browsers send a handful of distinct Accept-Encoding values; parsing each once keeps the hit path short.
const encodings = new Map<string | undefined, ReturnType<typeof preferredEncoding>>();
function encodingFor(acceptEncoding: string | undefined) {
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = preferredEncoding(acceptEncoding);
    if (encodings.size >= 100) encodings.clear();
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}
