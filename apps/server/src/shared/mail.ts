import type { Kysely } from 'kysely';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
}

/**
 * Mail the site sends: written to the outbox table (in the caller's transaction when given, so a message
 * is stored exactly when what it reports is), then delivered by a job with retries and backoff through
 * SMTP (`SMTP_URL`). Without SMTP, messages stay in the outbox for the operator.
 */
export interface Mail {
  // biome-ignore lint/suspicious/noExplicitAny: the caller's transaction, whatever tables it spans
  send(message: OutgoingMail, tx?: Kysely<any>): Promise<{ id: number }>;
  /** The operator's view of the outbox, newest first (the admin calls of features/mail-outbox). */
  list(query: OutboxQuery): Promise<OutboxSummary[]>;
  /** One message with its text; undefined when there is none with this id. */
  read(id: number): Promise<OutboxMessage | undefined>;
  /** The summaries of these messages (those that exist), for a feature that lists what it sent. */
  summaries(ids: readonly number[]): Promise<OutboxSummary[]>;
  /**
   * Puts a failed message back to pending, due now, its tries counted from none again, and queues its
   * delivery: `'retried'`, `'not-failed'` when it is pending or sent, undefined when there is no such message.
   */
  retry(id: number): Promise<'retried' | 'not-failed' | undefined>;
  /**
   * Queues a delivery run now (never waited on; the schedule delivers all the same): for messages written
   * inside a transaction, once it has committed.
   */
  deliverSoon(): void;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxQuery {
  status?: OutboxStatus | undefined;
  limit: number;
  offset: number;
}

/** A message as the outbox keeps it: dates are ISO-8601 text, null while they have not happened. */
export interface OutboxSummary {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  /** When the next try is due (meaningful while pending). */
  nextAttemptAt: string;
  sentAt: string | null;
  lastError: string | null;
}

export interface OutboxMessage extends OutboxSummary {
  text: string;
}
