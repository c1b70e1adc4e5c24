import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { ShortenerTables } from './shortener.tables.ts';

type Db = Kysely<ShortenerTables>;
export type ShortLinkRow = Selectable<ShortenerTables['short_links']>;

/** Every query on `short_links`. */
export function createShortenerRepository(db: Db) {
  const columns = [
    'code',
    'long_url',
    'url_hash',
    'is_alias',
    'created_at',
    'clicks',
    'disabled_at',
    'deleted',
  ] as const;
  const fromRow = (row: ShortLinkRow): ShortLinkRow => ({
    ...row,
    // PostgreSQL's bigint arrives as text.
    clicks: Number(row.clicks),
    is_alias: Number(row.is_alias),
    deleted: Number(row.deleted),
  });
  return {
    async find(code: string): Promise<ShortLinkRow | undefined> {
      const row = await db
        .selectFrom('short_links')
        .select(columns)
        .where('code', '=', code)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /** The random (alias-less) link of a long URL, if it has one. */
    async findRandomFor(urlHash: string, longUrl: string): Promise<ShortLinkRow | undefined> {
      const row = await db
        .selectFrom('short_links')
        .select(columns)
        .where('url_hash', '=', urlHash)
        .where('is_alias', '=', 0)
        .where('long_url', '=', longUrl)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /**
     * Stores a new link; `'taken'` when its code exists, `'url-has-link'` when a random link for the same
     * URL was stored meanwhile (the unique index decides, in either database).
     */
    async insert(
      row: Omit<ShortLinkRow, 'clicks' | 'disabled_at' | 'deleted'>,
    ): Promise<'stored' | 'taken' | 'url-has-link'> {
      try {
        await db
          .insertInto('short_links')
          .values({ ...row, clicks: 0, disabled_at: null, deleted: 0 })
          .execute();
        return 'stored';
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await this.find(row.code)) return 'taken';
        return 'url-has-link';
      }
    },

    /** Whether a link to this URL (random or alias) is disabled: the URL then gets no new link. */
    async urlDisabled(urlHash: string, longUrl: string): Promise<boolean> {
      const row = await db
        .selectFrom('short_links')
        .select('code')
        .where('url_hash', '=', urlHash)
        .where('long_url', '=', longUrl)
        .where('disabled_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Links not deleted, newest first. */
    async listNewest(page: { limit: number; offset: number }): Promise<ShortLinkRow[]> {
      const rows = await db
        .selectFrom('short_links')
        .select(columns)
        .where('deleted', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('code')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map(fromRow);
    },
    /** Disables (at `disabledAt`) or enables a link that is not deleted; undefined when there is none. */
    async setDisabled(code: string, disabledAt: string | null): Promise<ShortLinkRow | undefined> {
      const row = await db
        .updateTable('short_links')
        .set({ disabled_at: disabledAt })
        .where('code', '=', code)
        .where('deleted', '=', 0)
        .returning(columns)
        .executeTakeFirst();
      return row && fromRow(row);
    },
    /**
     * Deletes a link: its destination is forgotten and its URL free for a new link, while its row keeps the
     * code taken. False when there was no such link (or it was deleted already).
     */
    async markDeleted(code: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('short_links')
        .set((eb) => ({
          deleted: 1,
          long_url: '',
          url_hash: `deleted:${code}`,
          disabled_at: eb.fn.coalesce('disabled_at', eb.val(at)),
        }))
        .where('code', '=', code)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Adds each code's clicks with one atomic `clicks = clicks + n` per code, in one transaction: several
     * processes adding their own batches at once never lose one another's.
     */
    async addClicks(counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      await db.transaction().execute(async (tx) => {
        // In code order, so two processes' transactions take the rows' locks in the same order (PostgreSQL).
        for (const [code, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
          await tx
            .updateTable('short_links')
            .set((eb) => ({ clicks: eb('clicks', '+', n) }))
            .where('code', '=', code)
            .execute();
        }
      });
    },
  };
}
export type ShortenerRepository = ReturnType<typeof createShortenerRepository>;
