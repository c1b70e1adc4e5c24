import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { ShortenerTables } from './shortener.tables.ts';

type Db = Kysely<ShortenerTables>;
export type ShortLinkRow = Selectable<ShortenerTables['short_links']>;

/** Every query on `short_links`. */
export function createShortenerRepository(db: Db) {
  const columns = ['code', 'long_url', 'url_hash', 'is_alias', 'created_at', 'clicks'] as const;
  const fromRow = (row: ShortLinkRow): ShortLinkRow => ({
    ...row,
    // PostgreSQL's bigint arrives as text.
    clicks: Number(row.clicks),
    is_alias: Number(row.is_alias),
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
    async insert(row: Omit<ShortLinkRow, 'clicks'>): Promise<'stored' | 'taken' | 'url-has-link'> {
      try {
        await db
          .insertInto('short_links')
          .values({ ...row, clicks: 0 })
          .execute();
        return 'stored';
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await this.find(row.code)) return 'taken';
        return 'url-has-link';
      }
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
