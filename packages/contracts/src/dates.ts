import { z } from 'zod';

/**
 * A calendar date (YYYY-MM-DD) or a full ISO-8601 timestamp, checked to be a real date (no 30 February),
 * normalised to an ISO timestamp in UTC.
 */
export const isoDateInputSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'Must be a date like 2025-01-31 or an ISO timestamp like 2025-01-31T09:30:00Z.',
  )
  .refine((value) => {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'This date does not exist.')
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString());
