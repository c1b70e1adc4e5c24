import { z } from 'zod';
import { maxInt32 } from './text.ts';

/**
 * A whole number as it arrives in a path or a query string: plain decimal digits only, so `0x1f`, `1e3`,
 * ` 1` and `+1` are refused instead of being coerced into some other number.
 */
export function wholeNumberText(
  field: string,
  { min = 0, max = maxInt32 }: { min?: number; max?: number } = {},
) {
  return z
    .string({ error: `${field} must be a whole number.` })
    .regex(/^[0-9]{1,10}$/, `${field} must be a whole number written with the digits 0-9 only.`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${field} must be at least ${min}.`).max(max, `${field} must be at most ${max}.`),
    );
}

/** `:id` in admin paths: a positive whole number. */
export const idParamsSchema = z.object({ id: wholeNumberText('id', { min: 1 }) });
