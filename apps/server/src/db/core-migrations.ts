import { withIdColumn } from './columns.ts';
import type { PortableMigration } from './portable-migration.ts';

/**
 * The database layer's own migrations. '0001-content' once also created the blogs and posts tables; those
 * now belong to their features' migrations, which create them only when missing, so a database made
 * before the split takes them as done.
 */
export const coreMigrations: Record<string, PortableMigration> = {
  '0001-content': {
    async up(db) {
      await db.schema
        .createTable('app_state')
        .ifNotExists()
        .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  },
  '0015-job-schedules': {
    async up(db) {
      // One row per scheduled job: the process that moves `next_run_at` on first runs that period.
      await db.schema
        .createTable('job_schedules')
        .ifNotExists()
        .addColumn('name', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('next_run_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('last_started_at', 'varchar(40)')
        .addColumn('last_finished_at', 'varchar(40)')
        .addColumn('last_error', 'text')
        .execute();
    },
  },
  '0060-job-runs': {
    async up(db) {
      // One row per job: its last run and result, written by whichever process ran it (db/job-run-log.ts).
      await db.schema
        .createTable('job_runs')
        .ifNotExists()
        .addColumn('name', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('last_due_at', 'varchar(40)')
        .addColumn('last_started_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('last_finished_at', 'varchar(40)')
        .addColumn('last_outcome', 'varchar(10)', (col) => col.notNull())
        .addColumn('last_error', 'text')
        .addColumn('last_attempt', 'integer', (col) => col.notNull())
        .addColumn('last_lag_ms', 'integer')
        .addColumn('last_duration_ms', 'integer')
        .addColumn('runs', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  },
  // After the highest name in use: Kysely refuses a new name that sorts before one already applied.
  '0014-content-revisions': {
    async up(db) {
      // One row per kind of content; what a cached page or answer shows is valid up to its kinds' revisions.
      await db.schema
        .createTable('content_revisions')
        .ifNotExists()
        .addColumn('kind', 'varchar(300)', (col) => col.primaryKey())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .execute();
      // Each process reads the rows changed since its last look.
      await db.schema
        .createIndex('content_revisions_revision')
        .ifNotExists()
        .on('content_revisions')
        .column('revision')
        .execute();
    },
  },
  // Named after the highest migration in use: Kysely refuses a new name that sorts before one already applied.
  '0013-mail-outbox': {
    async up(db, dialect) {
      // Mail the site sends, written in the caller's transaction and delivered by the mail.deliver job.
      await withIdColumn(db.schema.createTable('mail_outbox').ifNotExists(), dialect)
        .addColumn('recipient', 'varchar(320)', (col) => col.notNull())
        .addColumn('reply_to', 'varchar(320)')
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('next_attempt_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('sent_at', 'varchar(30)')
        .addColumn('last_error', 'text')
        .execute();
      // The delivery job looks for pending messages that are due.
      await db.schema
        .createIndex('mail_outbox_status_next_attempt')
        .ifNotExists()
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
  '0046-admin-activity': {
    async up(db, dialect) {
      // What operators (and the bearer token) changed: kept after the items they name are gone.
      await withIdColumn(db.schema.createTable('admin_activity').ifNotExists(), dialect)
        .addColumn('at', 'varchar(40)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('kind', 'varchar(100)', (col) => col.notNull())
        .addColumn('item_id', 'varchar(300)')
        .addColumn('item', 'text', (col) => col.notNull())
        .addColumn('action', 'varchar(40)', (col) => col.notNull())
        .execute();
    },
  },
};
