import { type Kysely, sql } from 'kysely';
import type { CoreTables } from './core-tables.ts';

type Db = Kysely<CoreTables>;

/**
 * The one module that reads and writes `app_state` rows (one-time tasks, revision counters). Keys are
 * owned by their callers; this module only knows how to store them.
 */
export function createAppState(db: Db) {
  return {
    async read(key: string, tx: Db = db): Promise<string | undefined> {
      const row = await tx.selectFrom('app_state').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    /** Claims a one-time task: true for the one caller (in any process) that wrote the key first. */
    async claim(key: string, tx: Db = db): Promise<boolean> {
      const claimed = await tx
        .insertInto('app_state')
        .values({ key, value: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    async release(key: string, tx: Db = db): Promise<void> {
      await tx.deleteFrom('app_state').where('key', '=', key).execute();
    },

    /** Adds one to a counter (created at 1) atomically, in any process; returns the new value. */
    async increment(key: string, tx: Db = db): Promise<number> {
      const row = await tx
        .insertInto('app_state')
        .values({ key, value: '1' })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ value: sql<string>`cast(cast(app_state.value as integer) + 1 as text)` }),
        )
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },

    async counter(key: string, tx: Db = db): Promise<number> {
      return Number((await this.read(key, tx)) ?? 0);
    },
  };
}
export type AppState = ReturnType<typeof createAppState>;
