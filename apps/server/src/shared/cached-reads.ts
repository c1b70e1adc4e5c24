import type { ApiCall } from '@hurryup/contracts/api-call';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a public read's answers are kept in memory for every caller (docs/decisions/0012-page-cache.md),
 * given to `registerCall` by the feature: `{ cache: { shows: ['blogs'] } }`.
 */
export interface CachedReadDeclaration<Query = unknown> {
  /**
   * The kinds of content the answer shows (the names writes give `site.contentChanged`), or a function of
   * the call's validated query for answers about one thing (`(q) => [commentsKind(q.imageUrl)]`). A write
   * of one of them makes the next request compute the answer anew; `[]` for answers no write changes.
   */
  shows: readonly string[] | ((query: Query) => readonly string[]);
  /** For answers that also change with time (live quotes in market hours): kept at most this long. */
  maxAgeSeconds?: number | ((now: Date) => number);
  /**
   * Requests the call does something for besides answering (the Fed alert's `premium=true` sends a
   * WhatsApp message): never answered from nor kept in any cache, and answered `no-store`. Given the
   * query's parameters as sent, before validation.
   */
  except?: (query: Readonly<Record<string, string>>) => boolean;
}

/** A cached read's route, as the first onRequest hook finds it (`request.routeOptions.config.cachedRead`). */
export interface CachedReadRoute {
  /**
   * The cache key of a request: the path and the query parameters the call reads, in the order its query
   * schema declares them; undefined when the request cannot be answered from the cache (a strict schema
   * would refuse one of its parameters).
   */
  keyOf(request: FastifyRequest): string | undefined;
}

/** Whether a request (its address as sent) is one the declaration keeps out of every cache (`except`). */
export function isExcepted(
  declaration: Pick<CachedReadDeclaration, 'except'> | undefined,
  url: string,
): boolean {
  if (!declaration?.except) return false;
  const question = url.indexOf('?');
  return declaration.except(
    Object.fromEntries(new URLSearchParams(question < 0 ? '' : url.slice(question + 1))),
  );
}

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What registerCall asks of the cache of public reads (provided by web/cached-api-answers.ts). */
export interface CachedReads {
  route(
    call: ApiCall,
    declaration: CachedReadDeclaration<never>,
  ): { route: CachedReadRoute; wrap(answer: RouteHandler): RouteHandler };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent when the app was built without the answer cache (a bare Fastify instance in a test). */
    cachedReads: CachedReads;
  }
  interface FastifyContextConfig {
    cachedRead?: CachedReadRoute;
  }
}

/** Public GET calls whose answer is the same for every caller: each must say what its answer shows. */
export function isCacheableRead(call: Pick<ApiCall, 'method' | 'access' | 'cacheable'>): boolean {
  return call.method === 'GET' && call.access === 'public' && call.cacheable !== false;
}

/** The route and handler wrapper of a public read's answer cache; undefined for other calls. */
export function cachedReadOf(
  app: FastifyInstance,
  call: ApiCall,
  declaration: CachedReadDeclaration<never> | undefined,
): ReturnType<CachedReads['route']> | undefined {
  if (!isCacheableRead(call)) return undefined;
  if (!declaration)
    throw new Error(
      `${call.operationId} (GET ${call.path}) is a public read: give registerCall the kinds of content its ` +
        `answer shows, e.g. registerCall(app, ${call.operationId}, handler, { cache: { shows: ['blogs'] } }), ` +
        'or mark the call `cacheable: false` in its contract when its answer depends on the caller or the moment.',
    );
  return app.hasDecorator('cachedReads') ? app.cachedReads.route(call, declaration) : undefined;
}

/** A call's handler, through its answer cache when it has one. */
export function answerThrough(
  cached: ReturnType<CachedReads['route']> | undefined,
  answer: RouteHandler,
): RouteHandler {
  return cached ? cached.wrap(answer) : answer;
}
