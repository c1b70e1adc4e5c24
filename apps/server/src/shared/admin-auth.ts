import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { sendError } from './send-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();
const windowMs = 60_000;
// Past this many tracked addresses, expired windows are swept so the table cannot grow without bound.
const sweepAbove = 10_000;

/** Counts events per key in fixed one-minute windows, in process memory. */
export function createMinuteCounter(max: number, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    /** Counts one event; `allowed` is false once the key has had `max` events in its current window. */
    hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
      const time = now();
      // At most one sweep a minute, so that many live addresses do not make every hit walk the table.
      if (windows.size > sweepAbove && time - lastSweep >= windowMs) {
        lastSweep = time;
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { allowed: entry.count <= max, retryAfterSeconds: Math.ceil((entry.resetAt - time) / 1000) };
    },
  };
}

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

export interface AdminGate {
  /** Guards every route registered on `scope` with the operator's token and the admin rate limits. */
  guard(scope: FastifyInstance): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminGate: AdminGate;
  }
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number, error: string) {
  reply.header('retry-after', String(retryAfterSeconds));
  return sendError(reply, 429, { error, code: errorCodes.rateLimited });
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
export function registerAdminGate(app: FastifyInstance, config: Config) {
  const { adminToken } = config;
  const expected = adminToken ? digest(adminToken) : undefined;
  const failures = createMinuteCounter(config.adminFailureLimit);
  const calls = createMinuteCounter(config.adminRateLimit);

  async function checkAdmin(request: FastifyRequest, reply: FastifyReply) {
    const key = clientKey(request.ip);
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (expected && match && timingSafeEqual(digest(match[1]!.trim()), expected)) {
      const budget = calls.hit(key);
      if (!budget.allowed) {
        return tooMany(
          reply,
          budget.retryAfterSeconds,
          `Too many admin calls. Please wait ${budget.retryAfterSeconds} seconds and try again.`,
        );
      }
      return;
    }
    const budget = failures.hit(key);
    if (!budget.allowed) {
      return tooMany(
        reply,
        budget.retryAfterSeconds,
        `Too many failed admin attempts from this address. Please wait ${budget.retryAfterSeconds} seconds and try again.`,
      );
    }
    reply.header('www-authenticate', 'Bearer realm="admin"');
    return sendError(reply, 401, {
      error: 'The admin token is missing or wrong.',
      code: errorCodes.unauthorized,
    });
  }

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
