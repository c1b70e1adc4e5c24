import type { Kysely } from 'kysely';
import type { TranslationTables } from './translation.tables.ts';

export interface StoredTranslation {
  hash: string;
  translated: string;
}

interface StoreEntry {
  hash: string;
  target: string;
  translated: string;
  service: string;
  sourceChars: number;
  now: string;
}

/** Every query on `translations`. */
export function createTranslationRepository(db: Kysely<TranslationTables>) {
  return {
    /** The stored translations of these hashes into `target`, by hash. */
    async find(hashes: readonly string[], target: string): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const unique = [...new Set(hashes)];
      // A few hundred parameters per query at most, well within both databases' limits.
      for (let start = 0; start < unique.length; start += 200) {
        const rows = await db
          .selectFrom('translations')
          .select(['text_hash', 'translated'])
          .where('target', '=', target)
          .where('text_hash', 'in', unique.slice(start, start + 200))
          .execute();
        for (const row of rows) found.set(row.text_hash, row.translated);
      }
      return found;
    },
    /** Keeps a finished translation; a concurrent request that stored the same text first wins. */
    async store(entry: StoreEntry): Promise<void> {
      await this.storeMany([entry]);
    },
    /** Keeps several (the pieces of one request) in one statement per hundred. */
    async storeMany(entries: readonly StoreEntry[]): Promise<void> {
      for (let start = 0; start < entries.length; start += 100) {
        await db
          .insertInto('translations')
          .values(
            entries.slice(start, start + 100).map((entry) => ({
              text_hash: entry.hash,
              target: entry.target,
              translated: entry.translated,
              service: entry.service,
              source_chars: entry.sourceChars,
              created_at: entry.now,
            })),
          )
          .onConflict((oc) => oc.columns(['text_hash', 'target']).doNothing())
          .execute();
      }
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('translations')
        .select(db.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type TranslationRepository = ReturnType<typeof createTranslationRepository>;
