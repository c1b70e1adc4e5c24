import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { registerHealthRoutes } from '../features/health/health.routes.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import { registerSecurity } from '../plugins/security.ts';
import { type PagesMode, registerPages } from '../web/pages.ts';
import type { Config } from './config.ts';

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
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Keep-alive sockets would otherwise hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // During a graceful shutdown, keep-alive connections would hold the server open after their last answer.
    if (closing) reply.header('connection', 'close');
  });

  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'site.sqlite') });
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());

  await migrateToLatest(database);

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerOpenApi(app, config);

  await app.register(async (api) => {
    registerHealthRoutes(api);
  });

  if (options.pages) await registerPages(app, config, options.pages);
  return app;
}
