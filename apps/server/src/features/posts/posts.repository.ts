import type { Post, PostInput, PostSection } from '@hurryup/contracts/post';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import {
  nextPublishTime,
  publishingColumns,
  publishingFields,
  type Visibility,
  visibleWhere,
} from '../../shared/publishing.ts';
import { titledRowQueries } from '../../shared/titled-rows.ts';
import type { PostTables } from './posts.tables.ts';

type Db = Kysely<PostTables>;
type PostRow = Selectable<PostTables['posts']>;

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    ...(row.author === null ? {} : { author: row.author }),
    createdAt: row.created_at,
    ...(row.description === null ? {} : { description: row.description }),
    ...(row.image === null ? {} : { image: row.image }),
    ...(row.content === null ? {} : { content: row.content }),
    imgf: row.imgf === 1,
    ...(row.content_array === null ? {} : { contentArray: JSON.parse(row.content_array) as PostSection[] }),
    ...(row.hindi === null ? {} : { hindi: row.hindi }),
    ...publishingFields(row),
  };
}

function toRow(input: PostInput, now: string) {
  return {
    title: input.title,
    title_key: collapseWhitespace(input.title),
    author: input.author ?? null,
    created_at: input.createdAt,
    description: input.description ?? null,
    image: input.image ?? null,
    content: input.content ?? null,
    imgf: input.imgf ? 1 : 0,
    content_array: input.contentArray ? JSON.stringify(input.contentArray) : null,
    hindi: input.hindi ?? null,
    ...publishingColumns(input),
    updated_at: now,
  };
}

/** Every query on `posts`. Methods that take `tx` run inside a caller's transaction when given one. */
export function createPostRepository(db: Db, dialect: DialectName) {
  const titled = titledRowQueries({ db, table: 'posts', toRow, fromRow: toPost });
  const seen = visibleWhere;
  return {
    async list(
      visibility: Visibility,
      page?: { limit: number; offset: number },
      titleHas?: string,
    ): Promise<Post[]> {
      let query = db.selectFrom('posts').selectAll().where(seen(visibility, titleHas)).orderBy('id', 'desc');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return (await query.execute()).map(toPost);
    },
    /** Just what the search index needs, without the bodies. */
    async listSearchFields(visibility: Visibility): Promise<Pick<Post, 'id' | 'title' | 'description'>[]> {
      const rows = await db
        .selectFrom('posts')
        .select(['id', 'title', 'description'])
        .where(seen(visibility))
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, description: row.description ?? undefined }));
    },
    async count(visibility: Visibility, titleHas?: string, tx: Db = db): Promise<number> {
      const row = await tx
        .selectFrom('posts')
        .select(tx.fn.countAll<number | string>().as('n'))
        .where(seen(visibility, titleHas))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async get(id: number, visibility: Visibility, tx: Db = db): Promise<Post | undefined> {
      const row = await tx
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', id)
        .where(seen(visibility))
        .executeTakeFirst();
      return row ? toPost(row) : undefined;
    },
    async getByTitle(title: string, visibility: Visibility): Promise<Post | undefined> {
      if (title.includes('\0')) return undefined;
      const row = await db
        .selectFrom('posts')
        .selectAll()
        .where('title_key', '=', collapseWhitespace(title))
        .where(seen(visibility))
        .executeTakeFirst();
      return row ? toPost(row) : undefined;
    },
    /** When the public list changes next by itself (a scheduled post's time), in ms; undefined: never. */
    nextPublishTime: (now: string) => nextPublishTime(db, 'posts', now),
    findIdByTitle: titled.findIdByTitle,
    update: titled.update,
    delete: titled.delete,
    /** Imports may keep the id a file gives. */
    insert: (input: PostInput, tx: Db = db) => titled.insert(input, tx, input.id),
    /**
     * After rows were inserted with explicit ids, PostgreSQL's identity must move past them, and only
     * forward: ids of deleted posts are never handed out again (as in SQLite).
     */
    async syncIdSequence(tx: Db = db): Promise<void> {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{
        name: string;
      }>`select pg_get_serial_sequence('posts', 'id') as name`.execute(tx);
      const sequence = sql.raw(rows[0]!.name);
      await sql`select setval(${sql.lit(rows[0]!.name)}, greatest((select max(id) from posts), (select last_value from ${sequence})))`.execute(
        tx,
      );
    },
  };
}
export type PostRepository = ReturnType<typeof createPostRepository>;
