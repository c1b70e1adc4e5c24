import { errorCodes } from '@hurryup/contracts/errors';
import { checkHealth } from '@hurryup/contracts/health';
import { sql } from 'kysely';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { sendError } from '../../shared/send-error.ts';

/** `/api/health` for load balancers and monitors: never rate limited. */
export const healthFeature = defineFeature({
  name: 'health',
  async plugin(app, { database }) {
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
  },
});
