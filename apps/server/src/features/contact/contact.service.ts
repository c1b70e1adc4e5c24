import type { ContactBody, InboxMessage } from '@hurryup/contracts/contact';
import { contactFieldErrors, contactMessages } from '@hurryup/contracts/contact-rules';
import { errorCodes } from '@hurryup/contracts/errors';
import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { Mail, OutboxSummary } from '../../shared/mail.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { ContactMessageRow, ContactRepository } from './contact.repository.ts';
import type { ContactTables } from './contact.tables.ts';

/** The one key all visitors' messages are counted under by the site-wide limit. */
const siteWideKey = 'site';

/**
 * The contact form on the server: the same checks and messages as the page (content-and-shell.md section
 * 5), a hidden field robots fill in, a per-visitor and a site-wide limit, then the message stored in the mail outbox, from
 * where it is delivered to the site's team with Reply-To the visitor.
 */
export function createContactService(deps: {
  mail: Pick<Mail, 'send' | 'deliverSoon' | 'summaries' | 'retry'>;
  repository: ContactRepository;
  /** Runs `write` in one transaction: the message and its mail are stored together, or neither. */
  transaction<T>(write: (tx: Kysely<ContactTables>) => Promise<T>): Promise<T>;
  clock: Clock;
  limit: Limit;
  /** All visitors' messages together, under one key. */
  siteWide: Limit;
  recipient: string;
  siteName: string;
}) {
  const { mail, limit, siteWide, recipient, siteName, repository, clock } = deps;
  const deliveryOf = (summary: OutboxSummary | undefined): InboxMessage['delivery'] =>
    summary
      ? {
          mailId: summary.id,
          status: summary.status,
          attempts: summary.attempts,
          nextAttemptAt: summary.nextAttemptAt,
          sentAt: summary.sentAt,
          lastError: summary.lastError,
        }
      : null;
  async function inboxOf(rows: ContactMessageRow[]): Promise<InboxMessage[]> {
    const mails = new Map((await mail.summaries(rows.map((row) => row.mail_id))).map((m) => [m.id, m]));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      message: row.message,
      receivedAt: row.received_at,
      read: row.read_at !== null,
      delivery: deliveryOf(mails.get(row.mail_id)),
    }));
  }
  async function inboxMessage(id: number): Promise<InboxMessage> {
    const row = await repository.find(id);
    if (!row) throw notFoundById('contact message', id);
    return (await inboxOf([row]))[0]!;
  }
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
      // The inbox's copy and the mail that delivers it are stored together, then the delivery is queued.
      await deps.transaction(async (tx) => {
        const { id } = await mail.send(
          {
            to: recipient,
            replyTo: email,
            subject: `${siteName} contact form: message from ${email}`,
            text: `From: ${email}\n\n${text}\n`,
          },
          tx,
        );
        await repository.insert(
          { email, message: text, received_at: clock.date().toISOString(), mail_id: id },
          tx,
        );
      });
      mail.deliverSoon();
      return { message: contactMessages.sent };
    },
    /** The inbox: newest first, with each message's delivery from the outbox. */
    async inbox(query: { shown: 'all' | 'unread'; limit: number; offset: number }): Promise<InboxMessage[]> {
      return inboxOf(await repository.list({ unread: query.shown === 'unread', ...query }));
    },
    async setRead(id: number, read: boolean): Promise<InboxMessage> {
      const row = await repository.setRead(id, read ? clock.date().toISOString() : null);
      if (!row) throw notFoundById('contact message', id);
      return (await inboxOf([row]))[0]!;
    },
    /** Delivers a message whose delivery failed again (409 when it has not failed). */
    async retry(id: number): Promise<InboxMessage> {
      const row = await repository.find(id);
      if (!row) throw notFoundById('contact message', id);
      const result = await mail.retry(row.mail_id);
      if (result === undefined)
        throw new HttpError(404, errorCodes.notFound, 'The mail outbox no longer has this message.');
      if (result === 'not-failed')
        throw new HttpError(409, errorCodes.conflict, 'Only a failed delivery can be tried again.');
      return inboxMessage(id);
    },
  };
}
