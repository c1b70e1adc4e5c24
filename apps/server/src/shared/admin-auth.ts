import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { sendError } from './send-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards every route registered on `scope` with the operator's bearer token (decisions.md section 4). A
 * missing or wrong token is 401, checked before the body is read. Tokens are compared as SHA-256 digests in
 * constant time, so neither content nor length leaks through timing.
 */
export function requireAdminToken(scope: FastifyInstance, adminToken: string) {
  const expected = digest(adminToken);
  // preParsing: after the rate limiters (so guessing the token is throttled too), before the body is read.
  scope.addHook('preParsing', async (request, reply, payload) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!.trim()), expected)) {
      reply.header('www-authenticate', 'Bearer realm="admin"');
      return sendError(reply, 401, {
        error: 'The admin token is missing or wrong.',
        code: errorCodes.unauthorized,
      });
    }
    return payload;
  });
}
