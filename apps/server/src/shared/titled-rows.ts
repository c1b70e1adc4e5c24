import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { Kysely } from 'kysely';

/** The columns every table of content addressed by its title has. */
interface TitledRow {
  id: number;
  title_key: string;
}

/**
 * The queries that blogs and posts (and any content addressed by title) share: find by title, insert,
 * replace and delete, on one table whose `title_key` column is unique. Each query runs inside a caller's
 * transaction when given one.
 */
export function titledRowQueries<Input, Output, Row extends TitledRow>(options: {
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen by name; its row type is `Row`
  db: Kysely<any>;
  table: string;
  toRow: (input: Input, now: string) => Omit<Row, 'id'>;
  fromRow: (row: Row) => Output;
}) {
  const { db, table, toRow, fromRow } = options;
  type Db = typeof db;
  return {
    async findIdByTitle(title: string, tx: Db = db): Promise<number | undefined> {
      const row = await tx
        .selectFrom(table)
        .select('id')
        .where('title_key', '=', collapseWhitespace(title))
        .executeTakeFirst();
      return row?.id as number | undefined;
    },
    async insert(input: Input, tx: Db = db, id?: number): Promise<Output> {
      const values = { ...toRow(input, new Date().toISOString()), ...(id ? { id } : {}) };
      const row = await tx.insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
      return fromRow(row as Row);
    },
    async update(id: number, input: Input, tx: Db = db): Promise<Output | undefined> {
      const row = await tx
        .updateTable(table)
        .set(toRow(input, new Date().toISOString()))
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
