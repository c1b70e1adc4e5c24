import type { AdminComment, Comment } from '@hurryup/contracts/comment';
import type { Kysely, Selectable } from 'kysely';
import type { CommentTables } from './comments.tables.ts';

type Db = Kysely<CommentTables>;
type Row = Selectable<CommentTables['comments']>;

const toComment = (row: Pick<Row, 'id' | 'comment' | 'created_at'>): Comment => ({
  id: row.id,
  comment: row.comment,
  createdAt: row.created_at,
});
const toAdminComment = (row: Row): AdminComment => ({
  ...toComment(row),
  imageUrl: row.image_url,
  hidden: row.hidden === 1,
});

/** Every query on `comments`. */
export function createCommentRepository(db: Db) {
  return {
    /**
     * The newest `limit` visible comments of an image (before the comment `before` when given), oldest
     * first: the order they were saved in, which ids keep on both databases.
     */
    async pageVisible(
      imageUrl: string,
      page: { before?: number | undefined; limit: number },
    ): Promise<Comment[]> {
      let select = db
        .selectFrom('comments')
        .select(['id', 'comment', 'created_at'])
        .where('image_url', '=', imageUrl)
        .where('hidden', '=', 0);
      if (page.before !== undefined) select = select.where('id', '<', page.before);
      const rows = await select.orderBy('id', 'desc').limit(page.limit).execute();
      return rows.reverse().map(toComment);
    },
    async countVisible(imageUrl: string): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('image_url', '=', imageUrl)
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow();
      // PostgreSQL counts in bigint, which its driver gives as text.
      return Number(row.total);
    },
    async listAll(query: {
      imageUrl?: string | undefined;
      shown?: 'all' | 'visible' | 'hidden' | undefined;
      limit: number;
      offset: number;
    }): Promise<AdminComment[]> {
      let select = db.selectFrom('comments').selectAll();
      if (query.imageUrl !== undefined) select = select.where('image_url', '=', query.imageUrl);
      if (query.shown === 'visible') select = select.where('hidden', '=', 0);
      if (query.shown === 'hidden') select = select.where('hidden', '=', 1);
      const rows = await select.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
      return rows.map(toAdminComment);
    },
    async find(id: number): Promise<AdminComment | undefined> {
      const row = await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAdminComment(row);
    },
    /** Whether this text was saved on this image since `since` (ISO). */
    async existsSince(imageUrl: string, comment: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('comments')
        .select('id')
        .where('image_url', '=', imageUrl)
        .where('comment', '=', comment)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Throws a unique violation when the same `dedupeKey` was stored already. */
    async insert(imageUrl: string, comment: string, createdAt: string, dedupeKey: string): Promise<Comment> {
      const row = await db
        .insertInto('comments')
        .values({ image_url: imageUrl, comment, created_at: createdAt, hidden: 0, dedupe_key: dedupeKey })
        .returning(['id', 'comment', 'created_at'])
        .executeTakeFirstOrThrow();
      return toComment(row);
    },
    async setHidden(id: number, hidden: boolean): Promise<AdminComment | undefined> {
      const row = await db
        .updateTable('comments')
        .set({ hidden: hidden ? 1 : 0 })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toAdminComment(row) : undefined;
    },
    /** The deleted comment's image, or undefined when there was no such comment. */
    async delete(id: number): Promise<string | undefined> {
      const row = await db
        .deleteFrom('comments')
        .where('id', '=', id)
        .returning('image_url')
        .executeTakeFirst();
      return row?.image_url;
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;
