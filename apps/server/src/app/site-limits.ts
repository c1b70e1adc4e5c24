import type { Config } from '../shared/config.ts';
import type { Limits } from '../shared/limits.ts';

const minuteMs = 60_000;

/**
 * The platform's own limits. Features define theirs beside their code (`context.limits.define`); all of
 * them are listed by `limits.policies()` and in docs/operations.md (a test keeps the two in step).
 */
export function defineSiteLimits(limits: Limits, config: Config) {
  return {
    siteRequests: limits.define({
      name: 'site.requests',
      description:
        'Requests per minute per client address (IPv6: per /64) across the site (`RATE_LIMIT_MAX`); built files and the health probe are exempt',
      max: config.rateLimitMax,
      windowMs: minuteMs,
      message: (seconds) => `Too many requests. Please wait ${seconds} seconds and try again.`,
    }),
    adminFailures: limits.define({
      name: 'admin.failures',
      description:
        'Admin requests with a missing or wrong token per minute per client address, across all admin routes (`ADMIN_FAILURE_LIMIT`)',
      max: config.adminFailureLimit,
      windowMs: minuteMs,
      message: (seconds) =>
        `Too many failed admin attempts from this address. Please wait ${seconds} seconds and try again.`,
    }),
    adminCalls: limits.define({
      name: 'admin.calls',
      description:
        'Admin calls with the right token per minute per client address, counted apart from failures (`ADMIN_RATE_LIMIT`)',
      max: config.adminRateLimit,
      windowMs: minuteMs,
      message: (seconds) => `Too many admin calls. Please wait ${seconds} seconds and try again.`,
    }),
  };
}
