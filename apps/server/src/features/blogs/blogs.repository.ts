import { type Blog, type BlogInput, compareBlogs } from '@hurryup/contracts/blog';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { Kysely, Selectable } from 'kysely';
import { titledRowQueries } from '../../shared/titled-rows.ts';
import type { BlogTables } from './blogs.tables.ts';

type Db = Kysely<BlogTables>;
type BlogRow = Selectable<BlogTables['blogs']>;

function toBlog(row: BlogRow): Blog {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author,
    createdAt: row.created_at,
    ...(row.sort_order === null ? {} : { order: row.sort_order }),
  };
}

function toRow(input: BlogInput, now: string) {
  return {
    title: input.title,
    title_key: collapseWhitespace(input.title),
    content: input.content,
    author: input.author,
    created_at: input.createdAt,
    sort_order: input.order ?? null,
    updated_at: now,
  };
}

/** Every query on `blogs`. Methods that take `tx` run inside a caller's transaction when given one. */
export function createBlogRepository(db: Db) {
  const titled = titledRowQueries({ db, table: 'blogs', toRow, fromRow: toBlog });
  return {
    async list(): Promise<Blog[]> {
      const rows = await db.selectFrom('blogs').selectAll().execute();
      return rows.map(toBlog).sort(compareBlogs);
    },
    async count(tx: Db = db): Promise<number> {
      const row = await tx
        .selectFrom('blogs')
        .select(tx.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    ...titled,
  };
}
export type BlogRepository = ReturnType<typeof createBlogRepository>;
