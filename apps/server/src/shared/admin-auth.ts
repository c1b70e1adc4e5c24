import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../plugins/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards every route registered on `scope` with the operator's bearer token (decisions.md section 4).
 * Without ADMIN_TOKEN the admin API does not exist (404); a missing or wrong token is 401. Tokens are
 * compared as SHA-256 digests in constant time, so neither content nor length leaks through timing.
 */
export function requireAdminToken(scope: FastifyInstance, adminToken: string | undefined) {
  const expected = adminToken ? digest(adminToken) : undefined;
  // preValidation, not onRequest: it runs after the rate limiter, so guessing the token is throttled too.
  scope.addHook('preValidation', async (request, reply) => {
    if (!expected) {
      return sendError(reply, 404, {
        error: `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`,
        code: errorCodes.notFound,
      });
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!.trim()), expected)) {
      reply.header('www-authenticate', 'Bearer realm="admin"');
      return sendError(reply, 401, {
        error: 'The admin token is missing or wrong.',
        code: errorCodes.unauthorized,
      });
    }
  });
}

export const adminRouteSecurity = [{ adminToken: [] }];
