import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { CoreTables } from '../db/core-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { Clock } from './clock.ts';
import { defineJob } from './jobs.ts';
import type { Mail, OutboxMessage, OutboxQuery, OutboxSummary } from './mail.ts';

/** One message as the outbox hands it to the mail server. */
export interface TransportMessage {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  /**
   * The same for every try of one message, so a transport can make it the Message-ID: a copy sent twice
   * (the at-least-once edge of `deliverDue`) is then recognisable as one message.
   */
  key: string;
}

/**
 * Where messages go (adapters/smtp-mail.ts). `send` resolves once the server has accepted the message and
 * rejects otherwise; an error with `permanent: true` says this message can never be delivered (the server
 * refused its recipient or its content for good), so it is not retried. Any other error (server down,
 * refused login, sender refused) is the server's problem, not the message's.
 */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
}

export interface MailOutboxOptions {
  clock: Clock;
  /** Tries in all, the first included (`MAIL_MAX_ATTEMPTS`); then the message is 'failed'. */
  maxAttempts: number;
  /** Delay after the first failed try; it doubles after each later one, up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a claimed message is left to the process sending it. Far above the transport's worst case (its
   * connection, greeting and socket timeouts), so it runs out only when that process died mid-send.
   */
  leaseMs?: number;
}

export interface DeliveryReport {
  sent: number;
  /** Failed this time, another try scheduled. */
  retrying: number;
  /** Failed for the last time (or for good): now 'failed'. */
  failed: number;
  /**
   * True when the run stopped early: a failure that was the server's, not the message's, ends the run,
   * so an unreachable server costs one message one attempt per run rather than every message one.
   */
  stopped: boolean;
}

export interface MailOutbox extends Omit<Mail, 'deliverSoon'> {
  /**
   * Sends the messages that are due, oldest due first, at most `batch` of them. Each is claimed before it is
   * sent by one conditional UPDATE (still pending, still due), which also moves its next try past a lease
   * and counts the attempt, so two processes delivering at once never both claim it. At least once: a
   * process that dies after the server accepted a message but before it was marked sent leaves it to be
   * sent again when the lease runs out (with the same Message-ID).
   */
  deliverDue(options: {
    transport: MailTransport;
    batch?: number;
    signal?: AbortSignal;
  }): Promise<DeliveryReport>;
  /** Pending messages (the job's log line without SMTP). */
  countPending(): Promise<number>;
}

type OutboxRow = Selectable<CoreTables['mail_outbox']>;

const minute = 60_000;
const errorTextMax = 1000;
// One address, nothing that could make it several (commas, semicolons) or break a header (spaces, CR/LF).
const singleAddress = /^[^\s@<>,;"()[\]\\]+@[^\s@<>,;"()[\]\\]+$/;

function checkAddress(field: string, value: string): string {
  const address = value.trim();
  if (address.length > 320 || !singleAddress.test(address))
    throw new TypeError(`mail ${field} must be one e-mail address, got ${JSON.stringify(value)}`);
  return address;
}

function describeError(error: unknown): string {
  const { message, code } = error as { message?: unknown; code?: unknown };
  const text = `${typeof code === 'string' ? `${code}: ` : ''}${typeof message === 'string' ? message : String(error)}`;
  return text.length > errorTextMax ? `${text.slice(0, errorTextMax - 1)}…` : text;
}

function summaryOf(row: Omit<OutboxRow, 'body'>): OutboxSummary {
  return {
    id: row.id,
    to: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
  };
}

const summaryColumns = [
  'id',
  'recipient',
  'reply_to',
  'subject',
  'status',
  'attempts',
  'created_at',
  'next_attempt_at',
  'sent_at',
  'last_error',
] as const;

/** The outbox in the database (table `mail_outbox`, core migration '0013-mail-outbox'). */
export function createMailOutbox(
  // biome-ignore lint/suspicious/noExplicitAny: the site's database, whatever tables it has
  database: Kysely<any>,
  options: MailOutboxOptions,
): MailOutbox {
  const db = tablesOf<CoreTables>(database);
  const { clock, maxAttempts } = options;
  const firstBackoffMs = options.firstBackoffMs ?? minute;
  const maxBackoffMs = options.maxBackoffMs ?? 60 * minute;
  const leaseMs = options.leaseMs ?? 10 * minute;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** Delay before the next try after `attempts` failed ones: 1 min, 2, 4, … up to 1 h by default. */
  function backoffAfter(attempts: number): number {
    return Math.min(firstBackoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
  }

  async function claim(id: number): Promise<OutboxRow | undefined> {
    const now = clock.now();
    return db
      .updateTable('mail_outbox')
      .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: iso(now + leaseMs) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', iso(now))
      .returningAll()
      .executeTakeFirst();
  }

  async function recordFailure(row: OutboxRow, error: unknown): Promise<'retrying' | 'failed'> {
    const permanent = (error as { permanent?: unknown } | null)?.permanent === true;
    const outcome = permanent || row.attempts >= maxAttempts ? 'failed' : 'retrying';
    await db
      .updateTable('mail_outbox')
      .set({
        status: outcome === 'failed' ? 'failed' : 'pending',
        last_error: describeError(error),
        ...(outcome === 'retrying' ? { next_attempt_at: iso(clock.now() + backoffAfter(row.attempts)) } : {}),
      })
      // Only while the claim is still ours: after a lease ran out, another process owns this attempt.
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'pending')
      .execute();
    return outcome;
  }

  return {
    async send(message, tx) {
      const to = checkAddress('recipient', message.to);
      const replyTo = message.replyTo ? checkAddress('reply-to', message.replyTo) : null;
      // A subject is one header line.
      const subject = message.subject.replace(/[\r\n\t]+/g, ' ').trim();
      if (!subject) throw new TypeError('mail subject must not be empty');
      const now = iso(clock.now());
      const row = await tablesOf<CoreTables>(tx ?? db)
        .insertInto('mail_outbox')
        .values({
          recipient: to,
          reply_to: replyTo,
          subject,
          body: message.text,
          status: 'pending',
          attempts: 0,
          created_at: now,
          next_attempt_at: now,
          sent_at: null,
          last_error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    },

    async list(query: OutboxQuery) {
      let select = db.selectFrom('mail_outbox').select(summaryColumns);
      if (query.status) select = select.where('status', '=', query.status);
      const rows = await select.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
      return rows.map(summaryOf);
    },

    async read(id: number): Promise<OutboxMessage | undefined> {
      const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { ...summaryOf(row), text: row.body } : undefined;
    },

    async summaries(ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('mail_outbox').select(summaryColumns).where('id', 'in', ids).execute();
      return rows.map(summaryOf);
    },
    async retry(id) {
      const row = await db
        .updateTable('mail_outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: iso(clock.now()) })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returning('id')
        .executeTakeFirst();
      if (row) return 'retried';
      const exists = await db.selectFrom('mail_outbox').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'not-failed' : undefined;
    },
    async countPending() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async deliverDue({ transport, batch = 20, signal }) {
      const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, stopped: false };
      const due = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', iso(clock.now()))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      for (const { id } of due) {
        if (signal?.aborted) break;
        const row = await claim(id);
        if (!row) continue; // another process took it, or it is no longer due
        try {
          await transport.send({
            to: row.recipient,
            replyTo: row.reply_to ?? undefined,
            subject: row.subject,
            text: row.body,
            key: `outbox-${row.id}.${Date.parse(row.created_at)}`,
          });
        } catch (error) {
          const outcome = await recordFailure(row, error);
          report[outcome] += 1;
          if ((error as { permanent?: unknown } | null)?.permanent !== true) {
            report.stopped = true;
            break;
          }
          continue;
        }
        // Sent is sent, even if the lease ran out meanwhile: the status must not go back to pending.
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: iso(clock.now()), last_error: null })
          .where('id', '=', row.id)
          .execute();
        report.sent += 1;
      }
      return report;
    },
  };
}

export const mailDeliverJobName = 'mail.deliver';

/**
 * The `mail.deliver` job: every 30 s across all processes, and enqueued right after a message is written,
 * it sends what is due. Without a transport (no `SMTP_URL`) it sends nothing and says so in the log once per
 * process, not every 30 s; the messages wait in the outbox, readable by the operator.
 */
export function createMailDeliverJob(
  outbox: Pick<MailOutbox, 'deliverDue' | 'countPending'>,
  transport: MailTransport | undefined,
  { batch = 20, everyMs = 30_000 }: { batch?: number; everyMs?: number } = {},
) {
  let toldNoTransport = false;
  return defineJob({
    name: mailDeliverJobName,
    payload: z.object({}),
    schedule: { everyMs },
    async handler(_payload, { log, signal }): Promise<DeliveryReport & { skipped: boolean }> {
      if (!transport) {
        if (!toldNoTransport) {
          toldNoTransport = true;
          log.warn(
            { waiting: await outbox.countPending() },
            'SMTP_URL is not set: mail is kept in the outbox, unsent (GET /api/admin/mail-outbox lists it)',
          );
        }
        return { sent: 0, retrying: 0, failed: 0, stopped: false, skipped: true };
      }
      const report = await outbox.deliverDue({ transport, batch, signal });
      if (report.retrying || report.failed) log.warn({ ...report }, 'some mail could not be delivered');
      else if (report.sent) log.info({ ...report }, 'mail delivered');
      return { ...report, skipped: false };
    },
  });
}
