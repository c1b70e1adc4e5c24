import { errorCodes } from '@hurryup/contracts/errors';
import { checkHealth, checkReadiness } from '@hurryup/contracts/health';
import { sql } from 'kysely';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { sendError } from '../../shared/send-error.ts';

/**
 * `/api/health` for load balancers and monitors: cheap (one `select 1`), never rate limited.
 * `/api/health/ready`: every readiness check by name with its state and message (shared/readiness.ts: the
 * database; Redis and the worker's heartbeat with `REDIS_URL`; the engines; the data checks features add);
 * 503 when a part the site cannot serve without is failing. Changes of state are logged by the readiness
 * itself, once each, not here on every request.
 */
export const healthFeature = defineFeature({
  name: 'health',
  async plugin(app, { database, readiness }) {
    registerCall(
      app,
      checkHealth,
      async (_input, request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return sendError(reply, 503, {
            error: 'The database is not reachable.',
            code: errorCodes.databaseUnavailable,
          });
        }
        return {
          status: 'ok' as const,
          database: database.dialect,
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
      { config: { rateLimit: false } },
    );

    registerCall(
      app,
      checkReadiness,
      async (_input, _request, reply) => {
        const report = await readiness.report();
        if (report.status !== 'unavailable') return report;
        const down = Object.keys(report.checks).filter(
          (name) => report.checks[name]!.required && report.checks[name]!.state === 'failing',
        );
        // The uniform error body, with the report beside it for monitors (sent as is, not through the
        // error body's schema, which would drop it).
        return reply
          .code(503)
          .header('retry-after', '5')
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({
            error: `The site is not ready: ${down.join(', ')} not reachable.`,
            code: down.includes('database') ? errorCodes.databaseUnavailable : 'NOT_READY',
            ...report,
          });
      },
      { config: { rateLimit: false } },
    );
  },
});
