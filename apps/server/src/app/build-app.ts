import { randomUUID } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { coreMigrations } from '../db/core-migrations.ts';
import { type Database, openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { PortableMigration } from '../db/portable-migration.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import {
  answerClientError,
  answerConnect,
  answerUnmetExpectation,
  registerRequestChecks,
  registerResponseHeaders,
  registerStrictJsonParser,
} from '../plugins/request-hardening.ts';
import { registerSecurity } from '../plugins/security.ts';
import { registerAdminGate } from '../shared/admin-auth.ts';
import type { Config } from '../shared/config.ts';
import { ContentRevision } from '../shared/content-revision.ts';
import type { Feature } from '../shared/feature.ts';
import { sendError } from '../shared/send-error.ts';
import { SiteRegistry } from '../shared/site-registry.ts';
import { registerCachedPageAnswers } from '../web/cached-page-answers.ts';
import { type PagesMode, registerPages } from '../web/pages.ts';
import { features as allFeatures } from './features.ts';

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config (tests pass their own). */
  database?: Database;
  /** Serve the web pages too; API-only when absent. */
  pages?: PagesMode;
  /** Log destination override (tests keep logs quiet). */
  logger?: boolean;
  /** The features to serve; every feature of the site when absent. */
  features?: readonly Feature[];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

/** The database layer's migrations and every feature's, checked for clashing names. */
export function allMigrations(features: readonly Feature[]): Record<string, PortableMigration> {
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
  try {
    decodeURIComponent(pathname);
    return url;
  } catch {
    if (pathname === '/api' || pathname.startsWith('/api/')) return url;
    // The request checks then redirect there (plugins/request-hardening.ts).
    return pathname.startsWith('/post/') ? '/post/' : '/page-not-found';
  }
}

/** Builds a fully wired, not yet listening, instance of the site. Each call is isolated from the others. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A caller's X-Request-Id is kept for log correlation only when it looks like an id, not free text.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
    },
    // Keep-alive sockets would otherwise hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
    // A client that sends nothing for this long is disconnected; one that sends too slowly to finish its
    // request in time is answered 408 (Fastify's default 0 would also switch off Node's own limit).
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Checked in an onRequest hook instead, so the answer has the uniform body (Node's own is empty).
      requireHostHeader: false,
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
  app.server.on('checkExpectation', answerUnmetExpectation);
  app.server.on('connect', answerConnect);
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
  const site = new SiteRegistry(new ContentRevision(database.db), (error) =>
    app.log.error({ err: error }, 'could not record a content change'),
  );
  app.decorate('site', site);

  registerErrorHandling(app);
  // The first hook of all: a page from the page cache is sent before the hooks below do their per-request
  // work, which the cached answer does not need (web/cached-page-answers.ts).
  const cachedPages = registerCachedPageAnswers(app);
  await registerSecurity(app, config);
  // After the rate limit, so that refused and redirected paths count against it too.
  registerRequestChecks(app);
  registerResponseHeaders(app);
  registerAdminGate(app, config);
  await registerOpenApi(app, config);

  for (const feature of features) await app.register(feature.plugin, { database, config, site });
  if (options.pages) await registerPages(app, config, site, options.pages, cachedPages);
  return app;
}
