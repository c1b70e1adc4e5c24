import { z } from 'zod';
import { defineCall } from './api-call.ts';

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['sqlite', 'postgres']),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'HealthResponse' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const checkHealth = defineCall({
  method: 'GET',
  path: '/api/health',
  // A load balancer must see the live answer, never a kept one.
  cacheable: false,
  operationId: 'checkHealth',
  summary: 'Liveness and database check (never rate limited)',
  tag: 'operations',
  access: 'public',
  status: 200,
  response: healthResponseSchema,
  errors: [503],
});

export const checkStates = ['ok', 'warning', 'failing'] as const;

export const checkResultSchema = z
  .object({
    state: z
      .enum(checkStates)
      .describe(
        'ok; warning: the site serves but something needs the operator soon (data that runs out, a worker that stopped reporting); failing: the part does not answer',
      ),
    required: z.boolean().describe('Whether the site cannot serve while this check fails (503)'),
    message: z.string().optional().describe('What the check found, in words'),
  })
  .meta({ id: 'ReadinessCheckResult' });

export type CheckResultAnswer = z.infer<typeof checkResultSchema>;

export const readinessResponseSchema = z
  .object({
    status: z
      .enum(['ready', 'degraded', 'unavailable'])
      .describe(
        'ready: every check is ok; degraded: a warning, or a part the site can do without for a while is failing (Redis: limits are counted per process, mail waits in the outbox); unavailable (503): a required part (the database) is failing',
      ),
    checks: z
      .record(z.string(), checkResultSchema)
      .describe(
        'Each named check, e.g. {"database": {"state": "ok", "required": true}}: database; redis and worker only with REDIS_URL; engines; and the data checks features add (docs/operations.md, "Readiness")',
      ),
  })
  .meta({ id: 'ReadinessResponse' });

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const checkReadiness = defineCall({
  method: 'GET',
  path: '/api/health/ready',
  cacheable: false,
  operationId: 'checkReadiness',
  summary: 'Readiness: each dependency and the data that expires, with warnings (never rate limited)',
  tag: 'operations',
  access: 'public',
  status: 200,
  response: readinessResponseSchema,
  // 503: a required check (the database) is failing. The body is the uniform error body with `status` and `checks` added.
  errors: [503],
});
