import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Database, openConfiguredDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { registerBlogAdminRoutes, registerBlogRoutes } from '../features/blog/blog.routes.ts';
import { registerContentFiles } from '../features/content-import/content-files.routes.ts';
import { seedContentOnFirstStart } from '../features/content-import/import-content.ts';
import { registerFeedRoutes } from '../features/feeds/feeds.routes.ts';
import { registerHealthRoutes } from '../features/health/health.routes.ts';
import { registerPostAdminRoutes, registerPostRoutes } from '../features/posts/post.routes.ts';
import { registerErrorHandling, sendError } from '../plugins/errors.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import { registerSecurity } from '../plugins/security.ts';
import { type PagesMode, registerPages } from '../web/pages.ts';
import type { Config } from './config.ts';
import { createServices, type Services } from './services.ts';

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config (tests pass their own). */
  database?: Database;
  /** Serve the web pages too; API-only when absent. */
  pages?: PagesMode;
  /** Log destination override (tests keep logs quiet). */
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
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
    rewriteUrl: rewriteMalformedUrl,
    frameworkErrors: (error, _request, reply) => {
      const known = error.code === 'FST_ERR_BAD_URL';
      return sendError(reply, 400, {
        error: known ? 'The request URL is not valid.' : 'The request is not valid.',
        code: known ? 'BAD_URL' : 'BAD_REQUEST',
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A Host header that cannot form a URL would make the page renderer throw.
  app.addHook('onRequest', async (request, reply) => {
    if (!URL.canParse(`http://${request.host}/`)) {
      return sendError(reply, 400, { error: 'The Host header is not valid.', code: 'BAD_HOST' });
    }
  });

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

  await migrateToLatest(database);
  const services = createServices(database);
  app.decorate('services', services);
  if (config.seedContent) {
    const seeded = await seedContentOnFirstStart(database.db, services, config.contentDir);
    if (seeded) app.log.info({ seeded }, 'loaded the seed content into the empty database');
  }
  await services.posts.rebuildIndex();

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerOpenApi(app, config);

  registerHealthRoutes(app);
  registerBlogRoutes(app, services.blogs);
  registerPostRoutes(app, services.posts);
  await registerBlogAdminRoutes(app, services.blogs);
  await registerPostAdminRoutes(app, services.posts);
  await registerContentFiles(app, config);

  const pages = options.pages ? await registerPages(app, config, services, options.pages) : undefined;
  registerFeedRoutes(app, services, { staticPagePaths: pages?.staticPagePaths ?? [] });
  return app;
}
