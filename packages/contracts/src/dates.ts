import { z } from 'zod';

/** The earliest date content may carry: nothing on the site is older, and year 0 renders as nonsense. */
export const earliestContentDate = '1990-01-01';
const dayMs = 86_400_000;

/**
 * A calendar date (YYYY-MM-DD) or a full ISO-8601 timestamp, checked to be a real date (no 30 February),
 * between 1990-01-01 and one day after now (a later date would pin an item to the top of every list and
 * feed), normalised to an ISO timestamp in UTC.
 */
export const isoDateInputSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/,
    'Must be a date like 2025-01-31 or an ISO timestamp like 2025-01-31T09:30:00Z.',
  )
  .refine((value) => {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'This date does not exist.')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'This date does not exist.')
  .meta({ examples: ['2025-01-31', '2025-01-31T09:30:00Z'] })
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString())
  .refine(
    (iso) => iso >= `${earliestContentDate}T00:00:00.000Z` && Date.parse(iso) <= Date.now() + dayMs,
    `The date must be between ${earliestContentDate} and tomorrow.`,
  );
