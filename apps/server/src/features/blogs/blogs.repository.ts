import { type Blog, type BlogInput, compareBlogs } from '@hurryup/contracts/blog';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { Kysely, Selectable } from 'kysely';
import {
  nextPublishTime,
  publishingColumns,
  publishingFields,
  type Visibility,
  visibleWhere,
} from '../../shared/publishing.ts';
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
    ...publishingFields(row),
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
    ...publishingColumns(input),
    updated_at: now,
  };
}

/** Every query on `blogs`. Methods that take `tx` run inside a caller's transaction when given one. */
export function createBlogRepository(db: Db) {
  const titled = titledRowQueries({ db, table: 'blogs', toRow, fromRow: toBlog });
  return {
    /** The blogs `visibility` lets a reader see, in the blog's order. */
    async list(visibility: Visibility): Promise<Blog[]> {
      const rows = await db.selectFrom('blogs').selectAll().where(visibleWhere(visibility)).execute();
      return rows.map(toBlog).sort(compareBlogs);
    },
    /** Every blog whose title holds `titleHas` (a page of them when given), newest id first (the admin list). */
    async listAll(page: { limit: number; offset: number } | undefined, titleHas?: string): Promise<Blog[]> {
      let query = db
        .selectFrom('blogs')
        .selectAll()
        .where(visibleWhere('all', titleHas))
        .orderBy('id', 'desc');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return (await query.execute()).map(toBlog);
    },
    async get(id: number): Promise<Blog | undefined> {
      const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toBlog(row) : undefined;
    },
    async count(titleHas?: string, tx: Db = db): Promise<number> {
      const row = await tx
        .selectFrom('blogs')
        .select(tx.fn.countAll<number | string>().as('n'))
        .where(visibleWhere('all', titleHas))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    nextPublishTime: (now: string) => nextPublishTime(db, 'blogs', now),
    ...titled,
  };
}
export type BlogRepository = ReturnType<typeof createBlogRepository>;
