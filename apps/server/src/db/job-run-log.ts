import { type Kysely, sql } from 'kysely';
import type { CoreTables } from './core-tables.ts';

/** One try of a job, as the runners report it (shared/job-runs.ts). */
export interface JobTryStart {
  name: string;
  attempt: number;
  /** When the try was due (its period, its delay's end) or queued; undefined when not known. */
  dueAt?: Date | undefined;
  startedAt: Date;
}

/**
 * Each job's last run and result in the database, so every process (a web process showing the status screen,
 * a worker running the job) sees the same: written by the process that runs the try, one upsert when it
 * starts and one update when it ends.
 */
export function createJobRunLog(db: Kysely<CoreTables>) {
  return {
    async started(run: JobTryStart): Promise<void> {
      const lag = run.dueAt ? Math.max(0, run.startedAt.getTime() - run.dueAt.getTime()) : null;
      const row = {
        last_due_at: run.dueAt?.toISOString() ?? null,
        last_started_at: run.startedAt.toISOString(),
        last_finished_at: null,
        last_outcome: 'running' as const,
        last_error: null,
        last_attempt: run.attempt,
        last_lag_ms: lag,
        last_duration_ms: null,
      };
      await db
        .insertInto('job_runs')
        .values({ name: run.name, ...row, runs: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ ...row, runs: sql`job_runs.runs + 1` }))
        .execute();
    },

    /** The end of the try that started at `startedAt` (a later try's row is left alone). */
    async finished(name: string, startedAt: Date, at: Date, error: string | null): Promise<void> {
      await db
        .updateTable('job_runs')
        .set({
          last_finished_at: at.toISOString(),
          last_outcome: error === null ? 'succeeded' : 'failed',
          last_error: error === null ? null : error.slice(0, 2000),
          last_duration_ms: Math.max(0, at.getTime() - startedAt.getTime()),
          ...(error === null ? {} : { failures: sql`failures + 1` }),
        })
        .where('name', '=', name)
        .where('last_started_at', '=', startedAt.toISOString())
        .execute();
    },

    async list() {
      return db.selectFrom('job_runs').selectAll().orderBy('name').execute();
    },
  };
}
export type JobRunLog = ReturnType<typeof createJobRunLog>;
