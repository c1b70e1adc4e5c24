import type { Kysely } from 'kysely';
import type { CoreTables } from './core-tables.ts';

/**
 * The periods of scheduled jobs, shared by every process on the database: a period is run by the one
 * process whose update moves its `next_run_at` on (an atomic compare-and-set), so it runs once however
 * many processes tick. A process that dies mid-run loses that period only; the next one runs as usual.
 */
export function createJobSchedules(db: Kysely<CoreTables>) {
  return {
    /** Makes sure the schedule exists; a new one is due at `firstRunAt`. */
    async ensure(name: string, firstRunAt: Date): Promise<void> {
      await db
        .insertInto('job_schedules')
        .values({ name, next_run_at: firstRunAt.toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** The names of the schedules due at `now` (one query, however many schedules). */
    async due(now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('job_schedules')
        .select('name')
        .where('next_run_at', '<=', now.toISOString())
        .execute();
      return rows.map((row) => row.name);
    },

    /**
     * Claims the due period of `name` for this process: true for exactly one caller per period. The next
     * period starts a whole `everyMs` after now, so a process that was asleep does not run a backlog.
     * Answers when the claimed period was due, or undefined when another process has it (or it is not due).
     */
    async claim(name: string, now: Date, everyMs: number): Promise<Date | undefined> {
      const row = await db
        .selectFrom('job_schedules')
        .select('next_run_at')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row || row.next_run_at > now.toISOString()) return undefined;
      const result = await db
        .updateTable('job_schedules')
        .set({
          next_run_at: new Date(now.getTime() + everyMs).toISOString(),
          last_started_at: now.toISOString(),
        })
        .where('name', '=', name)
        .where('next_run_at', '=', row.next_run_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? new Date(row.next_run_at) : undefined;
    },

    async finished(name: string, at: Date, error: string | null): Promise<void> {
      await db
        .updateTable('job_schedules')
        .set({ last_finished_at: at.toISOString(), last_error: error })
        .where('name', '=', name)
        .execute();
    },

    async list() {
      return db.selectFrom('job_schedules').selectAll().orderBy('name').execute();
    },
  };
}
export type JobSchedules = ReturnType<typeof createJobSchedules>;
