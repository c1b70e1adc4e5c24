import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import { sessionIdFromCookie } from '@hurryup/contracts/operator-rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createAdminActivity, setAdminActor } from './admin-activity.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Limit } from './limits.ts';
import { originOf, sessionOriginProblem, stateChangingMethods } from './request-origin.ts';
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

/** The console's pages: `/admin` and everything under it (and their `.data` requests). */
export const isAdminPagePath = (url: string) => /^\/admin(?:[/?.]|$)/.test(url);

/** Who a console session belongs to, or undefined when the id names no live session (features/operators). */
export interface AdminSessions {
  resolve(sessionId: string): Promise<{ email: string } | undefined>;
}

export interface AdminGate {
  /** Guards every route registered on `scope` with the operator's token or session and the admin rate limits. */
  guard(scope: FastifyInstance): void;
  /** Lets the console's session cookie through the gate too (the operators feature gives its sessions). */
  acceptSessions(sessions: AdminSessions): void;
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
 *
 * An operator's console session (the `hu_operator` cookie, features/operators) passes the gate as well. A
 * state-changing call made with the cookie must carry this site's `Origin` (403 otherwise), so no other
 * site's page can make a signed-in operator's browser change anything. Who passed (the operator's email or
 * 'token') is what the activity log records (shared/admin-activity.ts).
 */
export function registerAdminGate(
  app: FastifyInstance,
  platform: { adminFailures: Limit; adminCalls: Limit; clock: Clock },
  config: Config,
  // biome-ignore lint/suspicious/noExplicitAny: the database as every part of the app shares it
  db: Kysely<any>,
) {
  const limits = platform;
  const { adminToken } = config;
  const expected = adminToken ? digest(adminToken) : undefined;
  const publicOrigin = originOf(config.publicBaseUrl);
  let sessions: AdminSessions | undefined;

  async function checkAdmin(request: FastifyRequest, reply: FastifyReply) {
    const key = clientKey(request.ip);
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (expected && match && timingSafeEqual(digest(match[1]!.trim()), expected)) {
      await limits.adminCalls.enforce(key);
      setAdminActor(request, 'token');
      return;
    }
    const sessionId = match ? undefined : sessionIdFromCookie(request.headers.cookie);
    const operator = sessionId && sessions ? await sessions.resolve(sessionId) : undefined;
    if (operator) {
      if (stateChangingMethods.has(request.method)) {
        const problem = sessionOriginProblem(request, publicOrigin);
        if (problem !== undefined) {
          request.log.warn({ reason: problem }, 'console call without its own origin refused');
          return sendError(reply, 403, {
            error: `Requests from other sites are not accepted: this call can be made only from ${publicOrigin ?? 'this site'}'s own pages.`,
            code: errorCodes.forbidden,
          });
        }
      }
      await limits.adminCalls.enforce(key);
      setAdminActor(request, operator.email);
      return;
    }
    await limits.adminFailures.enforce(key);
    reply.header('www-authenticate', 'Bearer realm="admin"');
    return sendError(reply, 401, {
      error: sessionId
        ? 'Your console session has ended. Please sign in again.'
        : 'The admin token is missing or wrong.',
      code: errorCodes.unauthorized,
    });
  }

  // The operator's answers and pages hold what no shared cache or browser history should keep (the mail
  // outbox holds visitors' addresses): every /api/admin answer and /admin page, refusals and unknown paths
  // included, is `no-store`, and no search engine indexes them.
  app.addHook('onSend', async function adminAnswersNotStored(request, reply) {
    if (isAdminPath(request.url) || isAdminPagePath(request.url)) {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
  });

  app.decorate('adminActivity', createAdminActivity(db, platform.clock));

  app.decorate('adminGate', {
    guard(scope: FastifyInstance) {
      if (!expected) throw new Error('The admin API cannot be registered while ADMIN_TOKEN is unset.');
      scope.addHook('preParsing', async (request, reply, payload) => {
        await checkAdmin(request, reply);
        return payload;
      });
    },
    acceptSessions(given) {
      sessions = given;
    },
  } satisfies AdminGate);
}
