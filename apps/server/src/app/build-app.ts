import { errorCodes } from '@hurryup/contracts/errors';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { coreMigrations } from '../db/core-migrations.ts';
import { type Database, openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { PortableMigration } from '../db/portable-migration.ts';
import { trustProxyOption } from '../plugins/client-address.ts';
import { registerCrossSiteRefusal } from '../plugins/cross-site.ts';
import { longestPathParameter, registerErrorHandling } from '../plugins/errors.ts';
import { registerMetrics } from '../plugins/metrics.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import {
  answerClientError,
  answerConnect,
  answerUnmetExpectation,
  hasEncodedNul,
  registerRequestChecks,
  registerResponseHeaders,
  registerStrictJsonParser,
} from '../plugins/request-hardening.ts';
import { registerSecurity } from '../plugins/security.ts';
import { registerSiteRateLimit } from '../plugins/site-rate-limit.ts';
import {
  drainUnreadBodies,
  limitConnectionsPerClient,
  registerBodyDeadline,
} from '../plugins/slow-clients.ts';
import { registerAdminGate } from '../shared/admin-auth.ts';
import type { Config, SettingInEffect } from '../shared/config.ts';
import { ContentRevision } from '../shared/content-revision.ts';
import type { Feature } from '../shared/feature.ts';
import { requestIdOf } from '../shared/request-id.ts';
import { registerAdminStatus } from './admin-status.ts';
import { clockFromSettings, type Platform, startPlatform } from './platform.ts';

// biome-ignore lint/suspicious/noExplicitAny: features differ in their settings' type
type AnyFeature = Feature<any>;

import { isDecodable } from '../shared/decodable.ts';
import { sendError } from '../shared/send-error.ts';
import { SiteRegistry } from '../shared/site-registry.ts';
import { registerAnswerCache } from '../web/answer-cache.ts';
import { recordRequestHooks } from '../web/cached-page-answers.ts';
import { type PagesMode, registerPages } from '../web/pages.ts';
import { features as allFeatures } from './features.ts';

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config (tests pass their own). */
  database?: Database;
  /** Serve the web pages too; API-only when absent. */
  pages?: PagesMode;
  /** Log destination override (tests keep logs quiet). */
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (a test that reads them). */
  logStream?: { write(line: string): void };
  /** The features to serve; every feature of the site when absent. */
  features?: readonly AnyFeature[];
  /** Replaces parts of the platform (tests pass a ManualClock, a small engine pool, …). */
  platform?: Partial<Platform>;
  /**
   * 'web' (the default) serves requests; 'worker' (`npm run worker`) only runs jobs: it registers every
   * feature (so every job is defined) but is never given requests; 'tool' (imports, API docs) runs no jobs.
   */
  role?: 'web' | 'worker' | 'tool';
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The platform's seams (app/platform.ts), for the app's own parts and tests; features get theirs in context. */
    platform: Platform;
    /** Every request hook the app added (web/cached-page-answers.ts, recordRequestHooks). */
    requestHooks: readonly string[];
  }
}

/** The database layer's migrations and every feature's, checked for clashing names. */
export function allMigrations(features: readonly AnyFeature[]): Record<string, PortableMigration> {
  const list: Record<string, PortableMigration> = { ...coreMigrations };
  for (const feature of features) {
    for (const [name, migration] of Object.entries(feature.migrations ?? {})) {
      if (list[name])
        throw new Error(`Migration ${name} of ${feature.name} has the name of another migration`);
      list[name] = migration;
    }
  }
  return list;
}

/**
 * A path with broken percent-encoding cannot be routed. API calls get the uniform 400; a page address is
 * sent to the page that explains it (a post address to 'Invalid post ID', anything else to 'Page not found').
 */
function rewriteMalformedUrl(request: { url?: string }): string {
  const url = request.url ?? '/';
  const pathname = url.split('?')[0]!;
  // A NUL is no character of any page address either (the page would pass it on to the database).
  if (isDecodable(pathname) && !hasEncodedNul(pathname)) return url;
  if (pathname === '/api' || pathname.startsWith('/api/')) return url;
  // The request checks then redirect there (plugins/request-hardening.ts).
  return pathname.startsWith('/post/') ? '/post/' : '/page-not-found';
}

/**
 * Node keeps an idle keep-alive socket this much longer than the `Keep-Alive: timeout` it announces, so a
 * client does not reuse a socket the server is closing.
 */
const keepAliveBufferMs = (idleTimeoutMs: number) => Math.min(1000, Math.floor(idleTimeoutMs / 4));

/** Builds a fully wired, not yet listening, instance of the site. Each call is isolated from the others. */
export async function buildApp(
  config: Config & {
    featureSettings?: Readonly<Record<string, unknown>>;
    settingsInEffect?: readonly SettingInEffect[];
  },
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Cache hits (and routes with `logRequests: false`) are not logged request by request at info; the
  // answer cache decides, once it is registered (web/cached-page-answers.ts).
  let quietRequest: (request: FastifyRequest) => boolean = () => false;
  const app = Fastify({
    logController: new LogController({ disableRequestLogging: (request) => quietRequest(request) }),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    // Start-up work (migrations, the seed content, search indexes) runs in plugins and onReady hooks; on a
    // busy or slow machine it can take longer than Fastify's default 10 s, and a start that gives up then
    // is a restart loop. A hung start is still ended, after two minutes.
    pluginTimeout: 120_000,
    trustProxy: trustProxyOption(config.trustProxy),
    // A caller's X-Request-Id is kept for log correlation only when it looks like an id, not free text.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Keep-alive sockets would otherwise hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: longestPathParameter },
    // A client that sends nothing for this long is disconnected; one that sends too slowly to finish its
    // request in time is answered 408 (Fastify's default 0 would also switch off Node's own limit).
    connectionTimeout: config.idleTimeoutMs,
    // An idle keep-alive socket is closed after keepAliveTimeout plus Node's buffer (Fastify's default 72 s
    // + 1 s); both together make IDLE_TIMEOUT_MS, so an idle socket lasts no longer between requests.
    keepAliveTimeout: config.idleTimeoutMs - keepAliveBufferMs(config.idleTimeoutMs),
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Checked in an onRequest hook instead, so the answer has the uniform body (Node's own is empty).
      requireHostHeader: false,
      keepAliveTimeoutBuffer: keepAliveBufferMs(config.idleTimeoutMs),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      // How often Node looks for requests past their time; its default 30 s would blur short limits.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    rewriteUrl: rewriteMalformedUrl,
    frameworkErrors: (error, _request, reply) => {
      const known = error.code === 'FST_ERR_BAD_URL';
      return sendError(reply, 400, {
        error: known ? 'The request URL is not valid.' : 'The request is not valid.',
        code: known ? errorCodes.badUrl : 'BAD_REQUEST',
      });
    },
  });
  // Every request hook added from here on, for the test that keeps the cache's hit path complete.
  app.decorate('requestHooks', recordRequestHooks(app));
  app.server.on('checkExpectation', answerUnmetExpectation);
  app.server.on('connect', answerConnect);
  limitConnectionsPerClient(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStrictJsonParser(app);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // During a graceful shutdown, keep-alive connections would hold the server open after their last answer.
    if (closing) reply.header('connection', 'close');
  });

  const database = options.database ?? openConfiguredDatabase(config);
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());

  const features = options.features ?? allFeatures;
  await migrateToLatest(database, allMigrations(features));
  // Measured on the platform's machinery clock (a test's ManualClock), so a test moves it like the rest.
  const revisionClock = options.platform?.clock ?? clockFromSettings(config.clock).machinery;
  const site = new SiteRegistry(new ContentRevision(database.db, { clock: revisionClock }), (error) =>
    app.log.error({ err: error }, 'could not record a content change'),
  );
  app.decorate('site', site);

  const platform = await startPlatform(app, config, database, options.platform ?? {}, options.role ?? 'web');
  app.decorate('platform', platform);
  registerBodyDeadline(app, config, platform.clock);
  drainUnreadBodies(app.server, platform.clock, config.bodyTimeoutMs);

  registerErrorHandling(app);
  // The first hook of all: a page from the page cache is sent before the hooks below do their per-request
  // work, which the cached answer does not need (web/cached-page-answers.ts).
  const cachedPages = registerAnswerCache(app, config, site, platform.clock);
  quietRequest = cachedPages.isQuiet;
  await registerMetrics(app, config);
  await registerSecurity(app, config);
  // Before the rate limit: a 429 carries the Permissions-Policy and the API's resource policy too.
  registerResponseHeaders(app);
  registerSiteRateLimit(app, platform.siteRequests);
  // After the rate limit, so that refused and redirected paths count against it too.
  registerRequestChecks(app);
  registerCrossSiteRefusal(app, config.publicBaseUrl);
  registerAdminGate(app, platform, config, database.db);
  await registerOpenApi(app, config);

  for (const feature of features) {
    const settings = config.featureSettings?.[feature.name];
    if (feature.settings && settings === undefined)
      throw new Error(
        `The settings of the ${feature.name} feature were not read: pass the features to loadConfig (app/site-config.ts)`,
      );
    await app.register(feature.plugin, {
      database,
      config,
      site,
      clock: platform.clock,
      jobs: platform.jobs,
      engines: platform.engines,
      limits: platform.limits,
      mail: platform.mail,
      readiness: platform.readiness,
      settings: settings as never,
      log: app.log.child({ feature: feature.name }),
    });
  }
  await registerAdminStatus(app, platform, config.adminToken, config.settingsInEffect ?? []);
  if (options.pages) await registerPages(app, config, site, options.pages, cachedPages);
  return app;
}
