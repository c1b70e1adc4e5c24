import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { contactMessageMaxLength, contactMessages } from './contact-rules.ts';
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
    website: z
      .string()
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
