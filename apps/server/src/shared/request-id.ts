import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const idLike = /^[\w.:-]{1,100}$/;

/**
 * A request's id (Fastify's `genReqId`, and the answer cache's front door for the hits it sends): the caller's
 * X-Request-Id when it looks like an id, for log correlation, never free text; a new UUID otherwise.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && idLike.test(given) ? given : randomUUID();
}
