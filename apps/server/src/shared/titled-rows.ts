import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { Kysely } from 'kysely';
import { rowWriteQueries } from './row-writes.ts';

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
  toRow: (input: Input, now: string) => object;
  fromRow: (row: Row) => Output;
}) {
  const { db, table } = options;
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
    ...rowWriteQueries(options),
  };
}
