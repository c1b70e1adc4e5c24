import type { ContactBody } from '@hurryup/contracts/contact';
import { contactFieldErrors, contactMessages } from '@hurryup/contracts/contact-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { Mail } from '../../shared/mail.ts';

/** The one key all visitors' messages are counted under by the site-wide limit. */
const siteWideKey = 'site';

/**
 * The contact form on the server: the same checks and messages as the page (content-and-shell.md section
 * 5), a hidden field robots fill in, a per-visitor and a site-wide limit, then the message stored in the mail outbox, from
 * where it is delivered to the site's team with Reply-To the visitor.
 */
export function createContactService(deps: {
  mail: Pick<Mail, 'send'>;
  limit: Limit;
  /** All visitors' messages together, under one key. */
  siteWide: Limit;
  recipient: string;
  siteName: string;
}) {
  const { mail, limit, siteWide, recipient, siteName } = deps;
  return {
    async send(body: ContactBody, visitor: string): Promise<{ message: typeof contactMessages.sent }> {
      if (body.website !== undefined && body.website.trim() !== '') {
        throw new HttpError(400, errorCodes.validation, contactMessages.honeypot, {
          website: contactMessages.honeypot,
        });
      }
      const fields = contactFieldErrors(body);
      if (Object.keys(fields).length > 0) {
        throw new HttpError(400, errorCodes.validation, Object.values(fields)[0]!, fields);
      }
      // Counted only for messages that would be stored: a visitor fixing a typo is not punished.
      await limit.enforce(visitor);
      try {
        await siteWide.enforce(siteWideKey);
      } catch (error) {
        // Not stored: the visitor's own allowance is given back.
        await limit.refund(visitor);
        throw error;
      }
      const email = body.email.trim();
      const text = body.message.trim();
      await mail.send({
        to: recipient,
        replyTo: email,
        subject: `${siteName} contact form: message from ${email}`,
        text: `From: ${email}\n\n${text}\n`,
      });
      return { message: contactMessages.sent };
    },
  };
}
