import type { FastifyInstance } from 'fastify';
import { permissionsPolicy } from '../plugins/request-hardening.ts';
import { cspDirectives, fixedPageHeaders } from '../plugins/security.ts';
import type { Clock } from '../shared/clock.ts';
import type { Config } from '../shared/config.ts';
import type { SiteRegistry } from '../shared/site-registry.ts';
import { createCachedApiAnswers } from './cached-api-answers.ts';
import { registerCachedPageAnswers } from './cached-page-answers.ts';
import { cachedPagePolicy, PageCache } from './page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The page side of the answer cache, for the page route (web/pages.ts). */
    answerCache: ReturnType<typeof registerCachedPageAnswers>;
  }
}

// How often the cache's hits, misses and size are logged (when they changed).
const statsLogIntervalMs = 60_000;

/**
 * The one cache of rendered pages and public API answers (docs/decisions/0012-page-cache.md), bounded by
 * PAGE_CACHE_MAX_PAGES entries and PAGE_CACHE_MAX_MB together: its hit path as the app's first onRequest
 * hook, the API side for registerCall (`app.cachedReads`), entries dropped as soon as this process learns
 * that a kind of content they show was written. Called before any other hook and before the features.
 */
export function registerAnswerCache(
  app: FastifyInstance,
  config: Config,
  site: SiteRegistry,
  // The site's clock: what expires at India midnight expires at the clock's midnight (a demo's, a test's).
  clock: Clock,
) {
  const now = () => clock.now();
  const cache = new PageCache(config.pageCache, now);
  const revisions = site.contentRevision;
  const policy =
    config.env === 'development'
      ? undefined
      : cachedPagePolicy(cspDirectives(config), [], { scripts: [], styles: [] });
  const answers = registerCachedPageAnswers(app, {
    cache,
    revisions,
    // API answers are for this site's pages only (plugins/request-hardening.ts, registerResponseHeaders).
    apiHeaders: { ...fixedPageHeaders(config), 'cross-origin-resource-policy': 'same-site' },
    everyAnswerHeaders: { 'permissions-policy': permissionsPolicy },
  });
  app.decorate('cachedReads', createCachedApiAnswers({ cache, revisions, policy, now }));
  revisions.onChange(() => cache.prune(revisions));
  app.decorate('answerCache', answers);
  answers.now = now;

  let reported = '';
  const report = setInterval(() => {
    const stats = cache.stats;
    const now = JSON.stringify(stats);
    if (now !== reported) app.log.info({ pageCache: stats }, 'page cache');
    reported = now;
  }, statsLogIntervalMs);
  report.unref();
  app.addHook('onClose', async () => clearInterval(report));
  return answers;
}
