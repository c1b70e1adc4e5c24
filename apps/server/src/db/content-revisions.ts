import type { Kysely } from 'kysely';
import { createAppState } from './app-state.ts';
import type { CoreTables } from './core-tables.ts';

type Db = Kysely<CoreTables>;

/** The one global counter every content write moves; each kind's row holds its value at the kind's last write. */
export const contentRevisionKey = 'content_revision';

export interface KindRevision {
  kind: string;
  revision: number;
}

/**
 * The one module that reads and writes `content_revisions`. Revisions come from one global counter
 * (`app_state.content_revision`), so "changed since revision n" is a single comparison in every process.
 */
export function createContentRevisions(db: Db) {
  const appState = createAppState(db);

  async function recordIn(tx: Db, kinds: readonly string[]): Promise<number> {
    // The counter's row stays locked until the write commits, so writes commit in revision order and a
    // reader that saw revision n never misses a smaller one committed later.
    const revision = await appState.increment(contentRevisionKey, tx);
    const rows = [...new Set(kinds)].map((kind) => ({ kind, revision }));
    if (rows.length > 0)
      await tx
        .insertInto('content_revisions')
        .values(rows)
        .onConflict((oc) =>
          oc.column('kind').doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision') })),
        )
        .execute();
    return revision;
  }

  return {
    /** Moves the global counter and gives these kinds its new value; inside `tx` when given. */
    record(kinds: readonly string[], tx?: Db): Promise<number> {
      return tx ? recordIn(tx, kinds) : db.transaction().execute((t) => recordIn(t, kinds));
    },

    /**
     * The kinds written after `since` (every kind for -1), and the global counter's value. Ask again from
     * the highest revision among the rows, never from the counter: the counter may already count a write
     * whose rows this read did not see.
     */
    async changedSince(since: number): Promise<{ global: number; changed: KindRevision[] }> {
      const [global, changed] = await Promise.all([
        appState.counter(contentRevisionKey),
        db
          .selectFrom('content_revisions')
          .select(['kind', 'revision'])
          .where('revision', '>', since)
          .execute(),
      ]);
      return { global, changed: changed.map((row) => ({ kind: row.kind, revision: Number(row.revision) })) };
    },
  };
}
export type ContentRevisions = ReturnType<typeof createContentRevisions>;
