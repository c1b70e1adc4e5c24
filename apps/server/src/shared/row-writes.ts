import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock.ts';

/**
 * The writes every table of operator content shares: insert (keeping an id an import gives), replace and
 * delete by id, each answering the stored row mapped by `fromRow`. Each runs inside a caller's transaction
 * when given one. `toRow` gets the write's time from `clock` (the feature's context clock; the system clock
 * when absent).
 */
export function rowWriteQueries<Input, Output, Row extends { id: number }>(options: {
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen by name; its row type is `Row`
  db: Kysely<any>;
  table: string;
  toRow: (input: Input, now: string) => object;
  fromRow: (row: Row) => Output;
  clock?: Pick<Clock, 'date'>;
}) {
  const { db, table, toRow, fromRow } = options;
  const clock = options.clock ?? systemClock;
  type Db = typeof db;
  return {
    async insert(input: Input, tx: Db = db, id?: number): Promise<Output> {
      const values = { ...toRow(input, clock.date().toISOString()), ...(id ? { id } : {}) };
      const row = await tx.insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
      return fromRow(row as Row);
    },
    async update(id: number, input: Input, tx: Db = db): Promise<Output | undefined> {
      const row = await tx
        .updateTable(table)
        .set(toRow(input, clock.date().toISOString()))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? fromRow(row as Row) : undefined;
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
