import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../shared/admin-auth.ts';
import type { Limit } from '../shared/limits.ts';
import { RateLimitedError } from '../shared/limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site-wide request limit, for answers sent before the hooks run (the page cache's hits). */
    rateLimit(): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  async function check(request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.config?.rateLimit === false) return;
    if (request.routeOptions.url?.startsWith('/assets/')) return;
    const taken = await limit.take(clientKey(request.ip));
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit.policy.max - taken.count)));
    reply.header('x-ratelimit-reset', String(taken.retryAfterSeconds));
    if (!taken.allowed)
      throw new RateLimitedError(limit.policy.message(taken.retryAfterSeconds), taken.retryAfterSeconds);
  }
  app.addHook('onRequest', check);
  app.decorate('rateLimit', () => check);
}
