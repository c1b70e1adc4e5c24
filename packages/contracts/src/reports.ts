import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { wholeNumberText } from './numbers.ts';
import {
  reportKinds,
  reportMessages,
  reportStatuses,
  reportsPerWindow,
  reportsWindowMinutes,
} from './report-rules.ts';
import { cleanText } from './text.ts';

/*
 * Visitor reports (issue 30 item 5): a visitor reports a comment or a short link; the operator sees the
 * reported items, most recently reported first, and closes their reports (after hiding, disabling, or as
 * dismissed). Words and limits in report-rules.ts.
 */

const codeSchema = z
  .string({ error: reportMessages.code })
  .regex(/^[A-Za-z0-9_-]{3,32}$/, reportMessages.code);

export const reportBodySchema = z
  .discriminatedUnion(
    'kind',
    [
      z
        .object({
          kind: z.literal('comment'),
          id: z
            .int({ error: reportMessages.id })
            .min(1, reportMessages.id)
            .max(2 ** 31 - 1, reportMessages.id),
        })
        .strict(),
      z.object({ kind: z.literal('short-link'), code: codeSchema }).strict(),
    ],
    { error: reportMessages.kind },
  )
  .meta({ id: 'ReportBody' });
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportAnswerSchema = z
  .object({ message: z.literal(reportMessages.sent) })
  .meta({ id: 'ReportAnswer' });

export const sendReport = defineCall({
  method: 'POST',
  path: '/api/reports',
  operationId: 'sendReport',
  summary: 'Report a comment or a short link to the site’s team',
  description:
    '`{ "kind": "comment", "id": 12 }` or `{ "kind": "short-link", "code": "Ab3dE9x" }`. The answer (202) means ' +
    'the report is stored for the operator; an unknown comment or code is 404. A visitor may send ' +
    `${reportsPerWindow} reports in ${reportsWindowMinutes} minutes (429).`,
  tag: 'reports',
  access: 'public',
  body: reportBodySchema,
  bodyLimitBytes: 4 * 1024,
  status: 202,
  response: reportAnswerSchema,
  errors: [400, 404, 413, 415],
});

export const reportKindSchema = z.enum(reportKinds, { error: reportMessages.kind });

/** What the operator sees of a reported item (null when it was deleted since). */
export const reportedItemSchema = z
  .object({
    text: z.string().describe('The comment’s text, or where the short link leads'),
    path: z.string().describe('The page that shows it: the image’s page, or the short link’s preview'),
    state: z
      .enum(['visible', 'hidden', 'active', 'disabled'])
      .describe('A comment is visible or hidden; a short link active or disabled'),
  })
  .meta({ id: 'ReportedItem' });
export type ReportedItem = z.infer<typeof reportedItemSchema>;

export const reportSummarySchema = z
  .object({
    kind: reportKindSchema,
    key: z.string().describe('The comment’s id or the short link’s code'),
    reports: z.int().describe('Reports of this item in all'),
    open: z.int().describe('Reports not closed yet'),
    status: z.enum(reportStatuses).describe('open while any of its reports is'),
    firstReportedAt: z.string().describe('ISO-8601 timestamp'),
    lastReportedAt: z.string().describe('ISO-8601 timestamp'),
    item: reportedItemSchema.nullable().describe('null when the item was deleted'),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const adminReportsQuerySchema = z
  .object({
    status: z
      .enum([...reportStatuses, 'all'], { error: 'status must be open, closed or all.' })
      .default('open'),
    limit: wholeNumberText('limit', { min: 1, max: 200 }).default(50),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const adminCommon = { tag: 'admin', access: 'admin' } as const;

export const listReports = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/reports',
  operationId: 'listReports',
  summary: 'Reported items, most recently reported first, with their report counts',
  description:
    'One entry per reported comment or short link. `status=open` (the default) lists items with reports not ' +
    'closed yet, `closed` those whose reports are all closed, `all` both.',
  query: adminReportsQuerySchema,
  status: 200,
  response: z.array(reportSummarySchema).meta({ id: 'ReportSummaryList' }),
  errors: [400, 401],
});

export const setReportsStatus = defineCall({
  ...adminCommon,
  method: 'PATCH',
  path: '/api/admin/reports/:kind/:key',
  operationId: 'setReportsStatus',
  summary: 'Close an item’s reports (dismissed, or dealt with), or open them again',
  params: z.object({ kind: reportKindSchema, key: cleanText().min(1).max(32) }).strict(),
  body: z.object({ status: z.enum(reportStatuses, { error: 'status must be open or closed.' }) }).strict(),
  status: 200,
  response: reportSummarySchema,
  errors: [400, 401, 404, 415],
});
