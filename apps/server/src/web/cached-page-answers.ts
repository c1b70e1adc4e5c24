import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentRevision } from '../shared/content-revision.ts';
import { etagMatches } from '../shared/http-caching.ts';
import { requestIdOf } from '../shared/request-id.ts';
import {
  type CachedPage,
  type FreshnessCheck,
  isPersonalRequest,
  type PageCache,
  preferredEncoding,
} from './page-cache.ts';

/** A page as it is sent: a page that was not kept (not a 200, or personal by its own headers) has no copies. */
export type SentPage = Omit<CachedPage, 'br' | 'gzip'> & Partial<Pick<CachedPage, 'br' | 'gzip'>>;

/** What the first hook needs to answer from the page cache, given once the pages are registered. */
export interface CachedPageSource {
  /**
   * The cache key of a page address (as asked, before any rewrite): the path and the query parameters its
   * route reads, in its order (`canonicalAddress`); the address itself when it has no query; undefined for an
   * address whose route is never kept.
   */
  keyOf(url: string): string | undefined;
  /** The site-wide rate limit: a cached answer counts against it like any other. */
  rateLimit?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * Every header the skipped hooks would have set on a page (helmet's, the Permissions-Policy), computed
   * once; the page's own Content-Security-Policy comes with the page.
   */
  fixedHeaders: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: this route's requests are not logged one by one at info (Fastify's "incoming request" and
     * "request completed"): answers from memory that cost less than their two log lines (a short link's
     * redirect). Errors and its answers at debug level are still logged.
     */
    logRequests?: false;
  }
}

// The catch-all route every page address reaches (built files and the API have routes of their own).
const pageRoute = '*';

/** How the answers of one address are kept and sent: its key, the headers of its kind, its route's pattern. */
interface KnownAddress {
  key: string;
  fixedHeaders: Record<string, string>;
  cacheHeader: CacheHeader;
  /** The route pattern the metrics count it under (`*` for pages). */
  route: string;
}
/** What the hit path found for a request: the entry and how to send it, or null for none. */
interface Hit extends KnownAddress {
  page: CachedPage;
}
/**
 * What a route answered at the front door (`answerAtFrontDoor`) sends: a bodiless answer (a redirect), with
 * `sent` called once it is written (a click counted), or the page kept under an address.
 */
export type FrontDoorAnswer =
  | { status: number; headers: Record<string, string>; sent?: () => void }
  | { keptPage: string };
/** A route that answers some requests from memory at the front door (a short link's redirect). */
interface FrontDoorRoute {
  /** The path prefix it answers under (never under /api). */
  prefix: string;
  /** The route pattern the metrics count it under: the pattern Fastify's route for the same has. */
  route: string;
  /** The answer for this address (path and query as asked), or undefined to leave it to Fastify. */
  answer(url: string): FrontDoorAnswer | undefined;
}
/**
 * Addresses (as asked: path and query) whose hits the front door answers; past this many the oldest is
 * forgotten, and its next hit goes through Fastify's hook once more and is learnt again.
 */
const frontDoorAddresses = 10_000;
/** Host headers seen, by whether they are valid (a site is asked under a handful). */
const hostsRemembered = 100;
// Looked up once per request: by the request log's question (below), then by the hook.
const lookedUp = Symbol('answer cache lookup');
const quiet = Symbol('request not logged');
type LookedUpRequest = FastifyRequest & { [lookedUp]?: Hit | null; [quiet]?: boolean };

/**
 * Every hook of the request's way (onRequest up to onSend, and onResponse) that the app adds, as
 * `<hook> <function name> (<file that added it>)`, with the reason a cache hit may skip it: a hit skips
 * them all (a hit at the front door skips Fastify altogether). A test (app/request-hooks.test.ts) fails on a hook missing here, until the hit path does what
 * it does (or it is shown not to matter to a hit) and it is added. Name new hooks' functions: two anonymous
 * hooks added from one file look alike.
 */
export const hooksTheHitPathCovers: Readonly<Record<string, string>> = {
  'onRequest answerFromCache (web/answer-cache.ts)': 'the hit path itself',
  'onRequest anonymous (@fastify/multipart/index.js)':
    'only in the scope of a multipart call (a POST: OCR, PDF to text), which the cache never answers',
  'preValidation anonymous (shared/uploads.ts)':
    'reads the files of a multipart call (a POST), which the cache never answers',
  'onSend anonymous (app/build-app.ts)':
    'x-request-id and, while closing, connection: close: set by the hit path',
  'onRequest helmetConfigureReply (@fastify/helmet/index.js)':
    "per-request CSP nonces: a cached page has its own hash-based policy, an API answer the site's policy",
  'onRequest helmetApplyHeaders (@fastify/helmet/index.js)':
    "helmet's fixed headers, computed once at start (fixedPageHeaders) and sent with every hit",
  'onRequest check (plugins/site-rate-limit.ts)': 'the site-wide request limit: called by the hit path',
  'onRequest requireValidHost (plugins/request-hardening.ts)':
    'the hit path answers only requests whose Host (and X-Forwarded-Host) the URL parser takes, as this check does',
  'onRequest requireNormalPath (plugins/request-hardening.ts)':
    'an address outside its normal form is redirected before any render, so it never has an entry',
  'onRequest anonymous (plugins/request-hardening.ts)':
    'registerResponseHeaders: the Permissions-Policy and (API) Cross-Origin-Resource-Policy, in the fixed headers',
  'onRequest refuseCrossSite (plugins/cross-site.ts)':
    'refuses state-changing API calls (POST, PUT, PATCH, DELETE) from other sites: a hit is a GET',
  'preParsing anonymous (plugins/slow-clients.ts)':
    'a body deadline: a hit is a GET, whose body is never read',
  'onSend adminAnswersNotStored (shared/admin-auth.ts)': 'admin answers only: never cached',
  'onResponse countRequest (plugins/metrics.ts)':
    'counts every answer: the front door counts its own (onAnswerBeforeFastify), a hit in the hook is counted as ever',
  'onResponse anonymous (@fastify/multipart/index.js)':
    'cleans up after a multipart call (a POST), which the cache never answers',
  'onResponse anonymous (shared/uploads.ts)':
    'removes the files of a multipart call (a POST), which the cache never answers',
  'preParsing anonymous (shared/admin-auth.ts)': 'the admin gate, on admin routes only: never cached',
};

/**
 * Cache hits answered by the very first onRequest hook, before helmet's (which builds a policy with fresh
 * nonces, header by header, for every request) and the site's other hooks, and written to the socket
 * directly: a hit then costs little more than writing its bytes (docs/decisions/0012-page-cache.md).
 * Pages (the catch-all page route) and public API reads (routes with `config.cachedRead`, see
 * web/cached-api-answers.ts) are answered alike, from one cache bounded by entries and bytes.
 * What the skipped hooks would have decided differently for this request is done here: the rate limit,
 * the request id, closing keep-alive connections during shutdown, and a missing Host (left to the request
 * checks' 400). An address outside its normal form never has a page: it is redirected before any render.
 */
export function registerCachedPageAnswers(
  app: FastifyInstance,
  options: {
    cache: PageCache;
    revisions: FreshnessCheck & Pick<ContentRevision, 'current'>;
    /** The headers the skipped hooks set on an API answer (helmet's with the site's policy, no nonce). */
    apiHeaders: Record<string, string>;
    /** The headers the skipped hooks set on every answer (the Permissions-Policy): a front door route's. */
    everyAnswerHeaders: Record<string, string>;
  },
) {
  const { cache, revisions } = options;
  let source: CachedPageSource | undefined;
  let siteRateLimit: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null | undefined;
  let closing = false;
  // Each entry's headers but the per-request ones, put together on its first hit.
  const hitHeaders = new WeakMap<CachedPage, OutgoingHttpHeaders>();

  app.addHook('preClose', async () => {
    closing = true;
  });
  /**
   * The cached answer for this request, or null; undefined while the content revision is being read
   * (then the hook waits for it and asks again). Each request's answer is looked up once.
   */
  function lookUp(request: LookedUpRequest): Hit | null | undefined {
    const known = request[lookedUp];
    if (known !== undefined) return known;
    const found = find(request);
    if (found !== undefined) request[lookedUp] = found;
    return found;
  }
  function find(request: FastifyRequest): Hit | null | undefined {
    if (
      request.method !== 'GET' ||
      !validHosts(request.headers) ||
      cache.limits.maxEntries === 0 ||
      isPersonalRequest(request.headers)
    )
      return null;
    let key: string | undefined;
    let fixedHeaders: Record<string, string>;
    let cacheHeader: CacheHeader;
    if (request.routeOptions.url === pageRoute) {
      if (!source) return null;
      key = source.keyOf(request.originalUrl);
      fixedHeaders = source.fixedHeaders;
      cacheHeader = 'x-page-cache';
    } else {
      key = request.routeOptions.config?.cachedRead?.keyOf(request);
      fixedHeaders = options.apiHeaders;
      cacheHeader = 'x-api-cache';
    }
    if (key === undefined) return null;
    // Known revisions answer at once; a promise only while the database is asked (once a second at most).
    if (typeof revisions.current() !== 'number') return undefined;
    const page = cache.get(key, revisions);
    return page
      ? { page, key, fixedHeaders, cacheHeader, route: request.routeOptions.url ?? 'unmatched' }
      : null;
  }

  // Per-request log lines cost more than a hit itself (two JSON lines against writing bytes ready to go):
  // hits, and routes that say so, are logged only at debug level; what goes wrong is logged as ever.
  const logsEverything = () => app.log.level === 'debug' || app.log.level === 'trace';
  function isQuiet(request: FastifyRequest): boolean {
    const asked = request as LookedUpRequest;
    // Fastify asks with its own request object; anything else (a raw request) is logged.
    if (!asked.routeOptions || logsEverything()) return false;
    if (asked[quiet] !== undefined) return asked[quiet];
    const found = asked.routeOptions.config?.logRequests === false ? true : lookUp(asked);
    // Undecided while the content revision is being read: logged this once, asked again at the next line.
    if (found === undefined) return false;
    asked[quiet] = found !== null;
    return asked[quiet];
  }

  app.addHook('onRequest', async function answerFromCache(request, reply) {
    let hit = lookUp(request);
    if (hit === undefined) {
      await revisions.current();
      hit = lookUp(request);
    }
    // What this request turned out to be decides its completion line: a miss stays logged even when its
    // answer is in the cache by the time it completes.
    (request as LookedUpRequest)[quiet] = hit ? true : request.routeOptions.config?.logRequests === false;
    if (!hit) return;
    // Decided on first use: the site-wide limit is registered after this hook.
    if (siteRateLimit === undefined) siteRateLimit = app.hasDecorator('rateLimit') ? app.rateLimit() : null;
    const rateLimit = source?.rateLimit ?? siteRateLimit;
    if (rateLimit) await rateLimit(request, reply);

    remember(request.originalUrl, hit);
    // Fastify's own send path (its onSend hooks, serializers) has nothing to add to bytes ready to go.
    reply.hijack();
    reply.code(writeHit(request.raw, reply.raw, hit, reply.getHeaders() as OutgoingHttpHeaders, request.id));
    return reply;
  });

  /** Writes a kept answer to the socket (or 304 when the client holds it); answers the status sent. */
  function writeHit(
    request: IncomingMessage,
    response: ServerResponse,
    hit: Hit,
    given: OutgoingHttpHeaders,
    requestId: string,
  ): number {
    const { page } = hit;
    let headers = hitHeaders.get(page);
    if (!headers) {
      headers = { ...hit.fixedHeaders, ...pageHeaders(page, 'hit', hit.cacheHeader) };
      hitHeaders.set(page, headers);
    }
    const perRequest: OutgoingHttpHeaders = { ...given, ...headers, 'x-request-id': requestId };
    if (closing) perRequest.connection = 'close';
    const notModified = etagMatches(request.headers['if-none-match'], page.etag);
    const encoding = encodingFor(request.headers['accept-encoding']);
    const body = encoding === 'identity' ? page.identity : page[encoding];
    if (!notModified) {
      if (encoding !== 'identity') perRequest['content-encoding'] = encoding;
      perRequest['content-length'] = body.length;
    }
    const status = notModified ? 304 : page.status;
    response.writeHead(status, perRequest);
    response.end(notModified ? undefined : body);
    return status;
  }

  // The front door: Node's request listener, put before Fastify's. An address the hook above has answered
  // from the cache is answered here next time, before Fastify builds its request and reply, routes it and
  // runs its hooks: what is left is a map lookup and writing bytes ready to go. Everything else (a miss, a
  // personal request, a request with a body, while closing or logging every request) goes on to Fastify
  // untouched. What the hook does for a hit, the front door does too: the rate limit, the request id, the
  // Host check; it counts its answers for the metrics (onAnswerBeforeFastify).
  const known = new Map<string, KnownAddress>();
  const ownRoutes: FrontDoorRoute[] = [];
  const hosts = new Map<string, boolean>();
  let rateLimitBefore:
    | ((request: IncomingMessage) => Promise<Record<string, string> | null>)
    | null
    | undefined;
  let counted: ((route: string, status: number, seconds: number) => void) | undefined;
  // Fastify's handler is the first listener: the server was made with it (other listeners, added since,
  // look at requests with bodies, which the front door never answers, and stay after it).
  const [fastifyHandler, ...otherListeners] = app.server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  const frontDoorOpen = fastifyHandler !== undefined;
  if (fastifyHandler) {
    app.server.removeAllListeners('request');
    app.server.on('request', function frontDoor(request: IncomingMessage, response: ServerResponse) {
      let answered = false;
      try {
        answered = answerBeforeFastify(request, response, fastifyHandler);
      } catch (error) {
        // Nothing here should throw; should it, the request is Fastify's (or, half sent, ended).
        app.log.error({ err: error }, 'the answer cache could not send a kept answer');
        if (response.headersSent) response.destroy();
        answered = response.headersSent;
      }
      if (!answered) fastifyHandler(request, response);
    });
    for (const listener of otherListeners) app.server.on('request', listener);
  }

  function remember(address: string, hit: Hit) {
    if (!frontDoorOpen || known.has(address)) return;
    if (known.size >= frontDoorAddresses) known.delete(known.keys().next().value!);
    const { key, fixedHeaders, cacheHeader, route } = hit;
    known.set(address, { key, fixedHeaders, cacheHeader, route });
  }
  function validHost(host: string): boolean {
    let valid = hosts.get(host);
    if (valid === undefined) {
      valid = URL.canParse(`http://${host}/`);
      if (hosts.size >= hostsRemembered) hosts.clear();
      hosts.set(host, valid);
    }
    return valid;
  }
  /** A Host the request checks let through (and a forwarded one, should a proxy be trusted): else a 400. */
  function validHosts(headers: IncomingHttpHeaders): boolean {
    const forwardedHost = headers['x-forwarded-host'];
    return (
      headers.host !== undefined &&
      validHost(headers.host) &&
      (forwardedHost === undefined || (typeof forwardedHost === 'string' && validHost(forwardedHost)))
    );
  }
  const hasBody = (headers: IncomingHttpHeaders) =>
    headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
  function plainRequest(headers: IncomingHttpHeaders): boolean {
    return validHosts(headers) && !hasBody(headers) && !isPersonalRequest(headers);
  }
  /** What the front door would send for this request, or undefined to leave it to Fastify. */
  function frontDoorAnswerOf(
    request: IncomingMessage,
    response: ServerResponse,
  ): { route: string; send(limitHeaders: Record<string, string>): number } | undefined {
    // A kept answer, sent as the hook sends a hit. Not counted as a miss here: the hook asks again and counts it.
    const kept = (address: KnownAddress) => {
      if (typeof revisions.current() !== 'number') return undefined;
      const page = cache.get(address.key, revisions, false);
      if (!page) return undefined;
      const hit: Hit = { ...address, page };
      return {
        route: address.route,
        send: (limitHeaders: Record<string, string>) =>
          writeHit(request, response, hit, limitHeaders, requestIdOf(request)),
      };
    };
    const url = request.url ?? '';
    const address = known.get(url);
    if (address) return plainRequest(request.headers) ? kept(address) : undefined;
    const own = ownRoutes.find((route) => url.startsWith(route.prefix));
    if (!own || !validHosts(request.headers) || hasBody(request.headers)) return undefined;
    const answer = own.answer(url);
    if (!answer) return undefined;
    if ('keptPage' in answer) {
      if (!source) return undefined;
      return kept({
        key: answer.keptPage,
        fixedHeaders: source.fixedHeaders,
        cacheHeader: 'x-page-cache',
        route: own.route,
      });
    }
    return {
      route: own.route,
      send(limitHeaders) {
        const headers: OutgoingHttpHeaders = {
          ...limitHeaders,
          ...options.everyAnswerHeaders,
          ...answer.headers,
          'x-request-id': requestIdOf(request),
          'content-length': 0,
        };
        if (closing) headers.connection = 'close';
        response.writeHead(answer.status, headers);
        response.end();
        answer.sent?.();
        return answer.status;
      },
    };
  }
  /** Answers a request whose answer is kept, and true; false to leave it to Fastify. */
  function answerBeforeFastify(
    request: IncomingMessage,
    response: ServerResponse,
    fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    if (request.method !== 'GET' || closing || logsEverything()) return false;
    const answer = frontDoorAnswerOf(request, response);
    if (!answer) return false;
    const started = counted ? performance.now() : 0;
    const send = (limitHeaders: Record<string, string>) => {
      const status = answer.send(limitHeaders);
      counted?.(answer.route, status, (performance.now() - started) / 1000);
    };
    if (rateLimitBefore === undefined)
      rateLimitBefore = app.hasDecorator('rateLimitBeforeFastify') ? app.rateLimitBeforeFastify() : null;
    if (!rateLimitBefore) {
      send({});
      return true;
    }
    // Over its limit (or the limit could not be asked): Fastify answers it, 429 with what was taken here.
    rateLimitBefore(request)
      .then(
        (limitHeaders) => (limitHeaders ? send(limitHeaders) : fastifyHandler(request, response)),
        () => fastifyHandler(request, response),
      )
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'the answer cache could not send a kept answer');
        response.destroy();
      });
    return true;
  }

  return {
    /** Whether Fastify leaves this request out of its per-request log lines (Fastify's `disableRequestLogging`). */
    isQuiet,
    /** The site's clock (epoch ms): page expiries follow it. */
    now: Date.now as () => number,
    cache,
    serveFrom(given: CachedPageSource) {
      source = given;
    },
    /**
     * Counts each answer the front door sends (route pattern, status, seconds), which Fastify's onResponse
     * hooks never see: the metrics.
     */
    onAnswerBeforeFastify(count: (route: string, status: number, seconds: number) => void) {
      counted = count;
    },
    /**
     * A route whose answers, when memory has them (a hot short link's redirect), the front door sends before
     * Fastify sees the request, with the rate limit, request id and metrics of any hit; for a plain GET (a
     * Host, no body) outside /api. Fastify's route for the same addresses answers everything else.
     */
    answerAtFrontDoor(route: FrontDoorRoute) {
      if (route.prefix === '/api' || route.prefix.startsWith('/api/'))
        throw new Error(
          `answerAtFrontDoor: ${route.prefix} is under /api, whose answers carry other headers`,
        );
      ownRoutes.push(route);
    },
    /**
     * Sends the page kept under `key` (a page address) as a hit, with the headers every page gets; false when
     * none is kept (then render it, e.g. with `app.inject`). For a route that answers with a page of the site
     * (an unknown short code gets the one page of `/s/+`) without the cost of a request through the app.
     */
    sendKept(request: FastifyRequest, reply: FastifyReply, key: string): boolean {
      if (!source || cache.limits.maxEntries === 0 || typeof revisions.current() !== 'number') return false;
      const page = cache.get(key, revisions);
      if (!page) return false;
      reply.headers(source.fixedHeaders);
      void sendPage(request, reply, page, 'hit');
      return true;
    },
  };
}

export type CachedPageAnswers = ReturnType<typeof registerCachedPageAnswers>;

type CacheHeader = 'x-page-cache' | 'x-api-cache';

/** The headers of an entry of the cache, for a hit or for the render that filled it. */
function pageHeaders(
  page: SentPage,
  outcome: 'hit' | 'miss',
  cacheHeader: CacheHeader,
): Record<string, string> {
  return {
    ...page.headers,
    vary: 'accept-encoding',
    [cacheHeader]: outcome,
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
  cacheHeader: CacheHeader = 'x-page-cache',
) {
  reply.code(page.status).headers(pageHeaders(page, outcome, cacheHeader));
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

// The hooks a request passes through before its answer is sent, and the one after: a hit at the front door
// skips every one of them (a hit in the hook, all but onResponse).
const requestHookNames = new Set([
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
]);

/**
 * Records every hook of the request's way in that the app (or any plugin scope in it) adds, as
 * `<hook> <function name> (<file that added it>)`, for the test that compares them with
 * `hooksTheHitPathCovers`. Called on the new app before anything else is registered.
 */
export function recordRequestHooks(app: FastifyInstance): readonly string[] {
  const recorded: string[] = [];
  const addHook = app.addHook;
  // Plugin scopes are created from the app by prototype, so they inherit this wrapper.
  app.addHook = function recordingAddHook(this: FastifyInstance, ...args: unknown[]) {
    const [name, hook] = args;
    if (typeof name === 'string' && requestHookNames.has(name) && typeof hook === 'function')
      recorded.push(hookId(name, hook));
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given, whatever overload it matched
    return (addHook as any).apply(this, args);
  } as typeof app.addHook;
  return recorded;
}

function hookId(name: string, hook: { name: string }): string {
  // The first frame outside this file names the module that added the hook.
  const frame = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .find((line) => !line.includes('cached-page-answers.ts') && /[\\/]/.test(line));
  const file = /(?:node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+[\\/][^\\/:]+?)(?::\d+)+\)?$/.exec(
    frame ?? '',
  )?.[1];
  return `${name} ${hook.name || 'anonymous'} (${(file ?? 'unknown').replaceAll('\\', '/')})`;
}
