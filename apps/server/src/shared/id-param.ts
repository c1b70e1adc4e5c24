import { maxInt32 } from '@hurryup/contracts/text';
import { z } from 'zod';

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number.' })
    .int('id must be a whole number.')
    .positive('id must be positive.')
    .max(maxInt32, 'id is too large.'),
});
