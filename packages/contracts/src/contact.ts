import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { contactMessageMaxLength, contactMessages } from './contact-rules.ts';
import { mailStatuses } from './mail-outbox.ts';
import { idParamsSchema, wholeNumberText } from './numbers.ts';
import { cleanText } from './text.ts';

/*
 * The contact form's one call (content-and-shell.md "Contact screen", decisions.md section 2): the server
 * stores the message in the mail outbox and answers; the outbox sends it by SMTP. Field checks with the
 * exact messages are the service's (contact-rules.ts), so the page and the server answer alike.
 */
export const contactBodySchema = z
  .object({
    email: cleanText(contactMessages.emailRequired)
      .max(320, contactMessages.emailInvalid)
      .describe('The visitor’s address: replies go there'),
    message: cleanText(contactMessages.notesEmpty)
      // Generous here so that a 501-character message gets the specification's message from the service.
      .max(contactMessageMaxLength * 4, contactMessages.notesTooLong)
      .describe(`At most ${contactMessageMaxLength} characters`),
    website: cleanText()
      .max(500)
      .optional()
      .describe('Leave out or empty: a field people never see, that only robots fill in'),
  })
  .strict();
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactAnswerSchema = z
  .object({ message: z.literal(contactMessages.sent) })
  .meta({ id: 'ContactAnswer' });

export const sendContactMessage = defineCall({
  method: 'POST',
  path: '/api/contact',
  operationId: 'sendContactMessage',
  summary: 'Send a message to the site’s team (stored, then delivered by e-mail)',
  description:
    `The email must look like name@example.com and the message hold 1 to ${contactMessageMaxLength} characters ` +
    '(400 with fields, the specification’s messages). The answer means the message is stored: it is delivered ' +
    'by the mail outbox with retries. The hidden website field must stay empty, and each visitor may send a few ' +
    'messages in ten minutes (429).',
  tag: 'contact',
  access: 'public',
  body: contactBodySchema,
  bodyLimitBytes: 16 * 1024,
  status: 200,
  response: contactAnswerSchema,
  errors: [400, 413, 415],
});

/*
 * The operator's inbox (issue 30 item 6): each contact message as the visitor sent it, read or unread, with
 * the state of its delivery by the mail outbox, which the operator can try again once it has failed.
 */

export const contactDeliverySchema = z
  .object({
    mailId: z.int().describe('The message’s id in the mail outbox'),
    status: z
      .enum(mailStatuses)
      .describe(
        'pending: not delivered yet (waiting for its next try, or for SMTP_URL); sent; failed: given up',
      ),
    attempts: z.int().describe('Tries so far'),
    nextAttemptAt: z.string().describe('ISO-8601 timestamp of the next try (while pending)'),
    sentAt: z.string().nullable(),
    lastError: z.string().nullable().describe('The mail server’s answer to the last failed try'),
  })
  .meta({ id: 'ContactDelivery' });

export const inboxMessageSchema = z
  .object({
    id: z.int(),
    email: z.string().describe('The visitor’s address (replies go there)'),
    message: z.string(),
    receivedAt: z.string().describe('ISO-8601 timestamp'),
    read: z.boolean(),
    delivery: contactDeliverySchema.nullable().describe('null when the outbox no longer has the message'),
  })
  .meta({ id: 'InboxMessage' });
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = z
  .object({
    shown: z
      .enum(['all', 'unread'], { error: 'shown must be all or unread.' })
      .default('all')
      .describe('all (the default) or only the messages not read yet'),
    limit: wholeNumberText('limit', { min: 1, max: 200 }).default(50),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const adminCommon = { tag: 'admin', access: 'admin' } as const;

export const listContactMessages = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/contact-messages',
  operationId: 'listContactMessages',
  summary: 'The contact inbox: messages newest first, read or unread, with their delivery by e-mail',
  query: inboxQuerySchema,
  status: 200,
  response: z.array(inboxMessageSchema).meta({ id: 'InboxMessageList' }),
  errors: [400, 401],
});

export const setContactMessageRead = defineCall({
  ...adminCommon,
  method: 'PATCH',
  path: '/api/admin/contact-messages/:id',
  operationId: 'setContactMessageRead',
  summary: 'Mark a contact message read or unread',
  params: idParamsSchema,
  body: z.object({ read: z.boolean({ error: 'read must be true or false.' }) }).strict(),
  status: 200,
  response: inboxMessageSchema,
  errors: [400, 401, 404, 415],
});

export const retryContactDelivery = defineCall({
  ...adminCommon,
  method: 'POST',
  path: '/api/admin/contact-messages/:id/retry',
  operationId: 'retryContactDelivery',
  summary: 'Deliver a contact message whose delivery failed again: back to pending, delivery queued',
  description: 'Only a failed delivery can be tried again (409 otherwise); its tries start again from none.',
  params: idParamsSchema,
  status: 200,
  response: inboxMessageSchema,
  errors: [400, 401, 404, 409],
});
