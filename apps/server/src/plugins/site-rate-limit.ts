import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../shared/admin-auth.ts';
import type { Limit, LimitResult } from '../shared/limits.ts';
import { RateLimitedError } from '../shared/limits.ts';
import { clientAddressOf } from './client-address.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site-wide request limit, for answers sent before the hooks run (the page cache's hits). */
    rateLimit(): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The site-wide request limit for a request Fastify has not seen (the answer cache's front door): takes
     * one from its client's budget and answers the headers to send with the answer, or null when the
     * client is over its limit. The request then goes on to Fastify, whose check answers it 429 with what
     * was taken here, without taking again.
     */
    rateLimitBeforeFastify(): (request: IncomingMessage) => Promise<Record<string, string> | null>;
  }
  interface FastifyContextConfig {
    /** `false` exempts a route from the site-wide request limit (the health probe). */
    rateLimit?: false;
  }
}

/**
 * The site-wide request limit (`site.requests`): every request counts against its client's budget
 * (address, or /64 for IPv6) but built files and routes that opt out. The exemption goes by the route that
 * matched (each built file has its own), never by the raw URL: `/assets/../blog` reaches the page renderer.
 */
export function registerSiteRateLimit(app: FastifyInstance, limit: Limit) {
  const max = String(limit.policy.max);
  const headersOf = (taken: LimitResult) => ({
    'x-ratelimit-limit': max,
    'x-ratelimit-remaining': String(Math.max(0, limit.policy.max - taken.count)),
    'x-ratelimit-reset': String(taken.retryAfterSeconds),
  });
  // What the front door took for a request it then left to Fastify (its client was over the limit).
  const takenBefore = new WeakMap<IncomingMessage, LimitResult>();
  async function check(request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.config?.rateLimit === false) return;
    if (request.routeOptions.url?.startsWith('/assets/')) return;
    const taken = takenBefore.get(request.raw) ?? (await limit.take(clientKey(request.ip)));
    reply.headers(headersOf(taken));
    if (!taken.allowed)
      throw new RateLimitedError(limit.policy.message(taken.retryAfterSeconds), taken.retryAfterSeconds);
  }
  app.addHook('onRequest', check);
  app.decorate('rateLimit', () => check);
  const addressOf = clientAddressOf(app.config.trustProxy);
  app.decorate('rateLimitBeforeFastify', () => async (request: IncomingMessage) => {
    const taken = await limit.take(clientKey(addressOf(request) ?? ''));
    if (taken.allowed) return headersOf(taken);
    takenBefore.set(request, taken);
    return null;
  });
}
