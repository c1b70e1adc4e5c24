import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

export const outboxSummarySchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    status: z
      .enum(mailStatuses)
      .describe(
        'pending: not delivered yet (waiting for its next try, or for SMTP_URL); sent; failed: given up',
      ),
    attempts: z.number().int().describe('Tries so far'),
    createdAt: z.string().describe('ISO-8601 timestamp'),
    nextAttemptAt: z.string().describe('ISO-8601 timestamp of the next try (while pending)'),
    sentAt: z.string().nullable().describe('ISO-8601 timestamp, null until sent'),
    lastError: z.string().nullable().describe("The mail server's answer to the last failed try"),
  })
  .meta({ id: 'MailOutboxSummary' });
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxMessageSchema = outboxSummarySchema
  .extend({ text: z.string().describe('The plain-text body') })
  .meta({ id: 'MailOutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const mailOutboxQuerySchema = z
  .object({
    status: z.enum(mailStatuses, { error: `status must be one of ${mailStatuses.join(', ')}.` }).optional(),
    limit: wholeNumberText('limit', { min: 1, max: 500 }).default(100),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const adminCommon = { tag: 'admin', access: 'admin' } as const;

export const listMailOutbox = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/mail-outbox',
  operationId: 'listMailOutbox',
  summary: 'Mail the site sent or will send, newest first; optionally of one status',
  description:
    'Without SMTP_URL every message stays pending here. The text of a message is read with readMailOutboxMessage.',
  query: mailOutboxQuerySchema,
  status: 200,
  response: z.array(outboxSummarySchema).meta({ id: 'MailOutboxList' }),
  errors: [400, 401],
});

export const readMailOutboxMessage = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/mail-outbox/:id',
  operationId: 'readMailOutboxMessage',
  summary: 'One message of the mail outbox, with its text',
  params: idParamsSchema,
  status: 200,
  response: outboxMessageSchema,
  errors: [400, 401, 404],
});
