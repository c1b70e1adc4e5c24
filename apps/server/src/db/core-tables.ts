import type { Generated } from 'kysely';

/**
 * The tables the database layer itself owns. Each feature declares its own tables in
 * `features/<area>/<area>.tables.ts` and reaches them with `db.withTables<ThoseTables>()`, so a feature's
 * queries can name only its own tables. Dates are ISO-8601 text and booleans 0/1 in both dialects
 * (docs/decisions/0002-sqlite-driver.md).
 */
export type CoreTables = {
  /** Small key/value facts about the site: read and written only through db/app-state.ts. */
  app_state: { key: string; value: string };
  /**
   * The revision of each kind of content ('blogs', 'comments:<image URL>', …): the value of the global
   * content revision counter at its last write (db/content-revisions.ts).
   */
  content_revisions: { kind: string; revision: number };
  /** Scheduled jobs' next period, claimed by one process at a time (db/job-schedules.ts). */
  job_schedules: {
    name: string;
    next_run_at: string;
    last_started_at: string | null;
    last_finished_at: string | null;
    last_error: string | null;
  };
  /** Each job's last run and result, and how many runs and failures (db/job-run-log.ts). */
  job_runs: {
    name: string;
    /** When the run was due (its period) or queued; null when not known. */
    last_due_at: string | null;
    last_started_at: string;
    last_finished_at: string | null;
    /** 'running' until it ends, then 'succeeded' or 'failed' (a failed try that is retried counts too). */
    last_outcome: 'running' | 'succeeded' | 'failed';
    last_error: string | null;
    last_attempt: number;
    last_lag_ms: number | null;
    last_duration_ms: number | null;
    runs: Generated<number>;
    failures: Generated<number>;
  };
  /** Mail the site sends, until delivered (shared/mail-outbox.ts). */
  mail_outbox: {
    id: Generated<number>;
    recipient: string;
    reply_to: string | null;
    subject: string;
    body: string;
    /** 'failed' once the last attempt failed, or the server refused the recipient for good. */
    status: 'pending' | 'sent' | 'failed';
    /** Tries started so far; a try claims the message by moving `next_attempt_at` past its lease. */
    attempts: Generated<number>;
    created_at: string;
    next_attempt_at: string;
    sent_at: string | null;
    last_error: string | null;
  };
  /** Every change made through the admin API, newest last (shared/admin-activity.ts). */
  admin_activity: {
    id: Generated<number>;
    at: string;
    /** The operator's email, or 'token' for the bearer token. */
    actor: string;
    kind: string;
    item_id: string | null;
    /** The item's title or name when the change was made. */
    item: string;
    action: string;
  };
};
