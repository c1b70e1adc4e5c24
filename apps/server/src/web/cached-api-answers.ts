import type { ApiCall } from '@hurryup/contracts/api-call';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CachedReadDeclaration,
  type CachedReadRoute,
  type CachedReads,
  isExcepted,
  type RouteHandler,
} from '../shared/cached-reads.ts';
import type { ContentRevision } from '../shared/content-revision.ts';
import { sharedCachingHeaders, weakEtag } from '../shared/http-caching.ts';
import { HttpError } from '../shared/http-error.ts';
import { sendPage } from './cached-page-answers.ts';
import {
  type CachedPage,
  canonicalAddress,
  compressPage,
  type FreshnessCheck,
  isPersonalRequest,
  keptEntry,
  type PageCache,
} from './page-cache.ts';

/** API answers that say a thing is not there, kept like the pages that say so (web/page-cache.ts). */
const keptMissingStatuses = new Set([404, 410]);

// A CDN in front may keep an answer this long (never longer than the answer's own lifetime), and serve it
// this much longer while it fetches a fresh one; browsers always revalidate, cheaply, with the ETag.
const sharedMaxAgeSeconds = 30;
const staleWhileRevalidateSeconds = 60;

/** The query parameters a call reads (its query schema's keys, in order), and whether others are refused. */
function queryOf(call: ApiCall): { reads: string[]; strict: boolean } {
  const schema = call.query as { shape?: Record<string, unknown> } | undefined;
  if (!schema?.shape) return { reads: [], strict: false };
  // A strict schema answers 400 to a parameter it does not know; a cached answer must not answer 200.
  const probe = call.query!.safeParse({ '\u0000': '' });
  const strict = !probe.success && probe.error.issues.some((issue) => issue.code === 'unrecognized_keys');
  return { reads: Object.keys(schema.shape), strict };
}

/**
 * The answer cache of public API reads (docs/decisions/0012-page-cache.md): a call registered with
 * `{ cache: { shows } }` has its answers kept in the page cache's memory, compressed once, keyed by its path
 * and the query parameters it reads, and answered by the app's first hook (web/cached-page-answers.ts)
 * while none of the kinds of content the answer shows was written since it was computed, and within its
 * `maxAgeSeconds`. A miss computes the answer once for all concurrent requests for it.
 */
export function createCachedApiAnswers(deps: {
  cache: PageCache;
  revisions: FreshnessCheck & Pick<ContentRevision, 'current' | 'nextScheduledChange'>;
  /** The site's policy without nonces (none in development): an API answer is never a document. */
  policy: string | undefined;
  /** The site's clock (epoch ms), for answers that expire with the date. */
  now?: () => number;
}): CachedReads {
  const { cache, revisions, policy } = deps;
  const now = deps.now ?? Date.now;

  return {
    route(call, declaration: CachedReadDeclaration<never>) {
      const { reads, strict } = queryOf(call);
      const route: CachedReadRoute = {
        keyOf(request) {
          if (isExcepted(declaration, request.url)) return undefined;
          const url = request.url;
          const question = url.indexOf('?');
          if (question < 0) return url;
          if (strict)
            for (const name of new URLSearchParams(url.slice(question + 1)).keys())
              if (!reads.includes(name)) return undefined;
          return canonicalAddress(url, reads);
        },
      };
      const inflight = new Map<string, Promise<CachedPage | undefined>>();

      async function compute(
        answer: RouteHandler,
        request: FastifyRequest,
        reply: FastifyReply,
        key: string,
        since: number,
        scheduled: number,
      ): Promise<{ result: unknown; entry?: CachedPage }> {
        const before = new Set(Object.keys(reply.getHeaders()));
        let result: unknown;
        let status = 200;
        let identity: Buffer;
        try {
          result = await answer(request, reply);
          if (reply.sent || result === reply || reply.statusCode !== 200 || reply.hasHeader('set-cookie'))
            return { result };
          identity = Buffer.from(reply.serialize(result) as string);
        } catch (error) {
          // That a thing is not there (404, 410) is kept like the page that says so (decision 0047): apart
          // from the answers, a minute at most, dropped by a write of what it shows. Other errors never.
          if (!(error instanceof HttpError) || !keptMissingStatuses.has(error.statusCode) || error.fields)
            throw error;
          status = error.statusCode;
          identity = Buffer.from(JSON.stringify({ error: error.message, code: error.code }));
        }
        // Headers the handler set (a total count, say) belong to the answer.
        const own: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (!before.has(name) && value !== undefined) own[name] = String(value);
        const computedAt = now();
        const declaredMaxAge =
          typeof declaration.maxAgeSeconds === 'function'
            ? declaration.maxAgeSeconds(new Date(computedAt))
            : declaration.maxAgeSeconds;
        // A scheduled item of what the answer shows appears at `scheduled`: kept until then at most.
        const untilScheduled = Number.isFinite(scheduled)
          ? Math.max(0, (scheduled - computedAt) / 1000)
          : undefined;
        const maxAge =
          untilScheduled === undefined
            ? declaredMaxAge
            : Math.min(declaredMaxAge ?? Number.POSITIVE_INFINITY, untilScheduled);
        const sMaxAge = Math.max(0, Math.min(sharedMaxAgeSeconds, Math.floor(maxAge ?? sharedMaxAgeSeconds)));
        const headers = {
          ...own,
          'content-type': 'application/json; charset=utf-8',
          ...sharedCachingHeaders(sMaxAge, staleWhileRevalidateSeconds),
          ...(policy ? { 'content-security-policy': policy } : {}),
        };
        const { br, gzip } = await compressPage(identity);
        const shows =
          typeof declaration.shows === 'function'
            ? declaration.shows(request.query as never)
            : declaration.shows;
        const entry = keptEntry(
          {
            status,
            headers,
            etag: weakEtag(identity),
            identity,
            br,
            gzip,
            expiresAt: maxAge === undefined ? Number.POSITIVE_INFINITY : computedAt + maxAge * 1000,
            shows,
            since,
          },
          JSON.stringify(headers).length + request.url.length * 2,
        );
        if (maxAge === undefined || maxAge > 0) cache.set(key, entry, revisions);
        return { result, entry };
      }

      return {
        route,
        wrap(answer: RouteHandler): RouteHandler {
          return async (request, reply) => {
            const key = route.keyOf(request);
            if (key === undefined || cache.limits.maxEntries === 0 || isPersonalRequest(request.headers))
              return answer(request, reply);
            // Before the answer reads anything: a write after this makes the entry stale, never lost.
            const since = await revisions.current();
            const shows =
              typeof declaration.shows === 'function'
                ? declaration.shows(request.query as never)
                : declaration.shows;
            const scheduled = await revisions.nextScheduledChange(shows);
            const flight = `${since}\n${key}`;
            const pending = inflight.get(flight);
            if (pending) {
              const shared = await pending.catch(() => undefined);
              return shared
                ? sendPage(request, reply, shared, 'miss', 'x-api-cache')
                : answer(request, reply);
            }
            const computing = compute(answer, request, reply, key, since, scheduled);
            const sharing = computing.then(({ entry }) => entry);
            inflight.set(flight, sharing);
            sharing.catch(() => undefined).finally(() => inflight.delete(flight));
            const { result, entry } = await computing;
            return entry ? sendPage(request, reply, entry, 'miss', 'x-api-cache') : result;
          };
        },
      };
    },
  };
}
