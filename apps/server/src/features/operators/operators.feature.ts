import { errorCodes } from '@hurryup/contracts/errors';
import { operatorSessionCookie, sessionIdFromCookie } from '@hurryup/contracts/operator-rules';
import { currentOperator, listActivity, signIn, signOut } from '@hurryup/contracts/operators';
import type { AdminPageData } from '@hurryup/web/features/admin/page-data';
import { z } from 'zod';
import { tablesOf } from '../../db/tables-of.ts';
import { adminActorOf } from '../../shared/admin-activity.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { setting } from '../../shared/config.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { RateLimitedError } from '../../shared/limits.ts';
import { registerCall } from '../../shared/register-call.ts';
import { operatorMigrations } from './operators.migrations.ts';
import { createOperatorRepository } from './operators.repository.ts';
import { createOperatorService } from './operators.service.ts';
import type { OperatorTables } from './operators.tables.ts';

const operatorSettings = z
  .object({
    OPERATOR_SESSION_IDLE_MINUTES: setting(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(7 * 24 * 60)
        .default(120),
      {
        default: '`120`',
        description:
          "minutes a console session lasts without a request; then the operator signs in again ('Sign out' and removing the operator end it at once)",
      },
    ),
  })
  .transform((env) => ({ idleMs: env.OPERATOR_SESSION_IDLE_MINUTES * 60_000 }));

const fifteenMinutesMs = 15 * 60_000;

/**
 * The operator console's people and sessions (docs/decisions/0040-operator-console.md): sign-in and
 * sign-out, the session cookie the admin gate accepts beside the bearer token (shared/admin-auth.ts), who is
 * signed in for the console's pages, and the activity log's call. Operators are added and removed with
 * `npm run operator:add|operator:list|operator:remove` (scripts/operator.ts).
 */
export const operatorsFeature = defineFeature({
  name: 'operators',
  settings: operatorSettings,
  migrations: operatorMigrations,
  async plugin(app, { database, config, site, clock, limits, settings }) {
    const operators = createOperatorService(
      createOperatorRepository(tablesOf<OperatorTables>(database.db)),
      clock,
      settings.idleMs,
    );
    const enabled = config.adminToken !== undefined;
    const secure = config.publicBaseUrl.startsWith('https:') ? '; Secure' : '';
    const cookie = (value: string, maxAge?: number) =>
      `${operatorSessionCookie}=${value}; Path=/; HttpOnly; SameSite=Strict${secure}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;

    // Failed sign-ins, counted per email (a password guessed from many addresses) and per address (many
    // emails tried from one).
    const message = (seconds: number) =>
      `Too many failed sign-ins. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`;
    const perEmail = limits.define({
      name: 'operators.sign-in-per-email',
      description: 'Failed console sign-ins per operator email per 15 minutes',
      max: 5,
      windowMs: fifteenMinutesMs,
      message,
    });
    const perAddress = limits.define({
      name: 'operators.sign-in-per-address',
      description:
        'Failed console sign-ins per client address (IPv6: per /64) per 15 minutes, whatever the email',
      max: 20,
      windowMs: fifteenMinutesMs,
      message,
    });

    site.providePageData('admin', {
      enabled,
      async session(cookieHeader) {
        const id = sessionIdFromCookie(cookieHeader);
        return (id && (await operators.resolve(id))) || null;
      },
    } satisfies AdminPageData);
    if (!enabled) return;
    app.adminGate.acceptSessions(operators);

    registerCall(app, signIn, async ({ body }, request, reply) => {
      const emailKey = body.email.trim().toLowerCase();
      const addressKey = clientKey(request.ip);
      for (const [limit, key] of [
        [perEmail, emailKey],
        [perAddress, addressKey],
      ] as const) {
        const state = await limit.peek(key);
        if (!state.allowed)
          throw new RateLimitedError(limit.policy.message(state.retryAfterSeconds), state.retryAfterSeconds);
      }
      const session = await operators.signIn(body.email, body.password);
      if (!session) {
        await Promise.all([perEmail.take(emailKey), perAddress.take(addressKey)]);
        throw new HttpError(401, errorCodes.unauthorized, 'The email or password is wrong.');
      }
      request.log.info({ operator: session.email }, 'operator signed in');
      reply.header('set-cookie', cookie(session.sessionId));
      return { email: session.email };
    });

    registerCall(app, signOut, async (_input, request, reply) => {
      const id = sessionIdFromCookie(request.headers.cookie);
      if (id) await operators.signOut(id);
      reply.header('set-cookie', cookie('', 0));
      return null;
    });

    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, currentOperator, (_input, request) => ({
        email: adminActorOf(request) ?? 'token',
      }));
      registerCall(admin, listActivity, ({ query }) => app.adminActivity.list(query));
    });
  },
});
