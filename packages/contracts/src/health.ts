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
