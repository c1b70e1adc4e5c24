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
    async listVisible(imageUrl: string): Promise<Comment[]> {
      const rows = await db
        .selectFrom('comments')
        .select(['id', 'comment', 'created_at'])
        .where('image_url', '=', imageUrl)
        .where('hidden', '=', 0)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toComment);
    },
    async listAll(query: {
      imageUrl?: string | undefined;
      limit: number;
      offset: number;
    }): Promise<AdminComment[]> {
      let select = db.selectFrom('comments').selectAll();
      if (query.imageUrl !== undefined) select = select.where('image_url', '=', query.imageUrl);
      const rows = await select.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
      return rows.map(toAdminComment);
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
    async insert(imageUrl: string, comment: string, createdAt: string): Promise<Comment> {
      const row = await db
        .insertInto('comments')
        .values({ image_url: imageUrl, comment, created_at: createdAt, hidden: 0 })
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
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;
