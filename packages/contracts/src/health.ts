import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['sqlite', 'postgres']),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'HealthResponse' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
