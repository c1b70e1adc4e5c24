import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { calendarDateProblem } from './daily-news-rules.ts';
import { sitePathOrUrlSchema } from './site-path.ts';
import { cleanText, maxInt32, requiredText } from './text.ts';

/**
 * A calendar date (YYYY-MM-DD) that exists: 2026-02-30 or day 95 is refused with a message saying why, in
 * the admin API (400 with the field) and in `npm run content:import` (file and item).
 */
export const calendarDateSchema = cleanText('The date is required.')
  .trim()
  .superRefine((value, context) => {
    const problem = calendarDateProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ examples: ['2026-11-24'] });

const linkSchema = (what: string) =>
  sitePathOrUrlSchema.optional().describe(`${what}: a site path or an http(s) URL, opened in a new tab`);

const newsFields = {
  id: z
    .number({ error: 'id must be a whole number.' })
    .int('id must be a whole number.')
    .min(0, 'id must be at least 0.')
    .max(maxInt32, 'id is too large.')
    .describe('The item number the home sorts by (highest first); not necessarily unique'),
  text: requiredText('The news text is required.', {
    length: 2000,
    message: 'The news text must be at most 2000 characters.',
  }),
  validity: calendarDateSchema.describe('Shown up to and including this day (India time), YYYY-MM-DD'),
  flink: linkSchema('Target link'),
  alink: linkSchema('Ad link, opened first; the target follows 2 seconds later'),
  link: linkSchema('Further link'),
};

/** A news item of the daily news home (tools-and-trading.md section 3), with the key the operator edits it by. */
export const newsItemSchema = z
  .object({
    entryId: z.number().int().describe('The stored item: what /api/admin/news-items/{id} addresses'),
    id: z.number().int(),
    text: z.string(),
    validity: z.string(),
    flink: z.string().optional(),
    alink: z.string().optional(),
    link: z.string().optional(),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsItemInputSchema = z.object(newsFields).strict();
export type NewsItemInput = z.output<typeof newsItemInputSchema>;

const recordText = (field: string, length: number) =>
  requiredText(`The ${field} is required.`, {
    length,
    message: `The ${field} must be at most ${length} characters.`,
  });

/** A holiday record (tools-and-trading.md section 3); `id` is what the admin calls address. */
export const holidaySchema = z
  .object({ id: z.number().int(), date: z.string(), occasion: z.string(), description: z.string() })
  .meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z
  .object({
    date: calendarDateSchema,
    occasion: recordText('occasion', 200),
    description: recordText('description', 1000),
  })
  .strict();
export type HolidayInput = z.output<typeof holidayInputSchema>;

/** A rain record (tools-and-trading.md section 3); `id` is what the admin calls address. */
export const rainSchema = z
  .object({ id: z.number().int(), date: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Rain' });
export type Rain = z.infer<typeof rainSchema>;

export const rainInputSchema = z
  .object({
    date: calendarDateSchema,
    name: recordText('name', 200),
    description: recordText('description', 1000),
  })
  .strict();
export type RainInput = z.output<typeof rainInputSchema>;

export const listNewsItems = defineCall({
  method: 'GET',
  path: '/api/news-items',
  operationId: 'listNewsItems',
  summary: 'The daily news home items valid today or later (India time), by id descending',
  description:
    'The specification reads these from a news call, but GET /api/news is the stock news call (the ' +
    "specification's {stock news service}/news, shown on /stocks), so the home's items have their own path. " +
    'Items with the same id keep the order they were stored in. The answer changes at midnight in India: ' +
    'its shared cache lifetime ends then.',
  tag: 'daily-news',
  access: 'public',
  status: 200,
  response: z.array(newsItemSchema).meta({ id: 'NewsItemList' }),
  errors: [],
});

export const listHolidays = defineCall({
  method: 'GET',
  path: '/api/holidays',
  operationId: 'listHolidays',
  summary: 'Every holiday record, by date (the home shows those dated today or later and the calendar)',
  tag: 'daily-news',
  access: 'public',
  status: 200,
  response: z.array(holidaySchema).meta({ id: 'HolidayList' }),
  errors: [],
});

export const listRains = defineCall({
  method: 'GET',
  path: '/api/rains',
  operationId: 'listRains',
  summary: 'Every rain record, by date (the home shows the next one dated today or later)',
  tag: 'daily-news',
  access: 'public',
  status: 200,
  response: z.array(rainSchema).meta({ id: 'RainList' }),
  errors: [],
});

export const newsItemAdminCalls = defineAdminCrudCalls({
  plural: 'news-items',
  noun: 'newsItem',
  input: newsItemInputSchema,
  output: newsItemSchema,
});

export const holidayAdminCalls = defineAdminCrudCalls({
  plural: 'holidays',
  noun: 'holiday',
  input: holidayInputSchema,
  output: holidaySchema,
});

export const rainAdminCalls = defineAdminCrudCalls({
  plural: 'rains',
  noun: 'rain',
  input: rainInputSchema,
  output: rainSchema,
});
