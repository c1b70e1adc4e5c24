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

export const readinessResponseSchema = z
  .object({
    status: z
      .enum(['ready', 'degraded', 'unavailable'])
      .describe(
        'ready: every check is up; degraded: a part the site can do without for a while is down (Redis: limits are counted per process, mail waits in the outbox); unavailable (503): the database is down',
      ),
    checks: z
      .record(z.string(), z.enum(['up', 'down']))
      .describe('Each named check, e.g. {"database": "up", "redis": "down"} (redis only with REDIS_URL)'),
  })
  .meta({ id: 'ReadinessResponse' });

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const checkReadiness = defineCall({
  method: 'GET',
  path: '/api/health/ready',
  cacheable: false,
  operationId: 'checkReadiness',
  summary: 'Readiness: the database and, with REDIS_URL, Redis (never rate limited)',
  tag: 'operations',
  access: 'public',
  status: 200,
  response: readinessResponseSchema,
  // 503: the database is down. The body is the uniform error body with `status` and `checks` added.
  errors: [503],
});
