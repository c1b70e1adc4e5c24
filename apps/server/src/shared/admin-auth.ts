import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Limit } from './limits.ts';
import { sendError } from './send-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The key a client's admin attempts are counted under: its address, or for IPv6 its /64 network (one
 * subscriber usually holds a whole /64, so counting single addresses would give them 2^64 budgets).
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The admin API's addresses: `/api/admin` and everything under it. */
export const isAdminPath = (url: string) => /^\/api\/admin(?:[/?]|$)/.test(url);

export interface AdminGate {
  /** Guards every route registered on `scope` with the operator's token and the admin rate limits. */
  guard(scope: FastifyInstance): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminGate: AdminGate;
  }
}

/**
 * One gate for the whole admin API (decisions.md section 4), shared by every feature's admin routes:
 *
 * - the bearer token is checked first, in `preParsing`, so a request without it is 401 whatever its body;
 * - failed attempts (missing or wrong token) are counted per client address across all admin routes,
 *   `ADMIN_FAILURE_LIMIT` a minute, then 429;
 * - calls with the right token are counted apart, `ADMIN_RATE_LIMIT` a minute per address, so a stranger
 *   failing from the operator's address (the same carrier-grade NAT, say) never uses up the operator's budget.
 *
 * Tokens are compared as SHA-256 digests in constant time, so neither content nor length leaks through timing.
 */
export function registerAdminGate(
  app: FastifyInstance,
  limits: { adminFailures: Limit; adminCalls: Limit },
  config: Config,
) {
  const { adminToken } = config;
  const expected = adminToken ? digest(adminToken) : undefined;

  async function checkAdmin(request: FastifyRequest, reply: FastifyReply) {
    const key = clientKey(request.ip);
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (expected && match && timingSafeEqual(digest(match[1]!.trim()), expected)) {
      await limits.adminCalls.enforce(key);
      return;
    }
    await limits.adminFailures.enforce(key);
    reply.header('www-authenticate', 'Bearer realm="admin"');
    return sendError(reply, 401, {
      error: 'The admin token is missing or wrong.',
      code: errorCodes.unauthorized,
    });
  }

  // The operator's answers hold what no shared cache or browser history should keep (the mail outbox holds
  // visitors' addresses): every /api/admin answer, refusals and unknown paths included, is `no-store`.
  app.addHook('onSend', async function adminAnswersNotStored(request, reply) {
    if (isAdminPath(request.url)) reply.header('cache-control', 'no-store');
  });

  app.decorate('adminGate', {
    guard(scope: FastifyInstance) {
      if (!expected) throw new Error('The admin API cannot be registered while ADMIN_TOKEN is unset.');
      scope.addHook('preParsing', async (request, reply, payload) => {
        await checkAdmin(request, reply);
        return payload;
      });
    },
  } satisfies AdminGate);
}
