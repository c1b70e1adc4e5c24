import { z } from 'zod';
import { wholeNumberText } from './numbers.ts';
import { cleanText } from './text.ts';

const dayMs = 86_400_000;

/**
 * When a post or blog appears: a date (YYYY-MM-DD, midnight UTC) or an ISO timestamp, normalised to UTC,
 * at most two years ahead. A time in the past publishes at once.
 */
export const publishAtInputSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/,
    'Must be a date like 2025-01-31 or an ISO timestamp like 2025-01-31T09:30:00Z.',
  )
  .refine((value) => !Number.isNaN(Date.parse(value)), 'This date does not exist.')
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString())
  .refine(
    (iso) => iso >= '1990-01-01T00:00:00.000Z' && Date.parse(iso) <= Date.now() + 2 * 366 * dayMs,
    'The publish time must be within the next two years.',
  )
  .meta({ examples: ['2026-12-01T04:30:00Z'] });

/** The fields of a post or blog that say when it appears (admin calls and content files). */
export const publishingInputFields = {
  draft: z
    .boolean({ error: 'Draft must be true or false.' })
    .optional()
    .describe('A draft is shown only to the admin calls, until it is saved with draft false'),
  publishAt: publishAtInputSchema
    .optional()
    .describe('Scheduled: shown on lists, pages, feeds, sitemap and search from this time (UTC)'),
};

/** The same fields in an answer. */
export const publishingOutputFields = {
  draft: z.boolean().describe('Shown only to the admin calls'),
  publishAt: z.string().optional().describe('ISO-8601 timestamp: shown publicly from this time'),
};

/** Where an item stands: a draft, scheduled for later, or published. */
export type PublishState = 'draft' | 'scheduled' | 'published';
export function publishStateOf(item: { draft: boolean; publishAt?: string | undefined }, nowIso: string) {
  if (item.draft) return 'draft' as const;
  return item.publishAt !== undefined && item.publishAt > nowIso
    ? ('scheduled' as const)
    : ('published' as const);
}
