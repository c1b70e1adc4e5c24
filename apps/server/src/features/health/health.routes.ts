import { errorBodySchema, errorCodes } from '@hurryup/contracts/errors';
import { healthResponseSchema } from '@hurryup/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { sendError } from '../../plugins/errors.ts';

export function registerHealthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const { db, dialect } = app.database;
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return sendError(reply, 503, {
          error: 'The database is not reachable.',
          code: errorCodes.databaseUnavailable,
        });
      }
      return { status: 'ok' as const, database: dialect, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
}
