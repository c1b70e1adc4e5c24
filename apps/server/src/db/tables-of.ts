import type { Kysely } from 'kysely';

/**
 * The database (or a transaction on it) as one feature sees it: typed with that feature's own tables only,
 * so its queries cannot name another feature's tables. Kysely's types are invariant in the tables, so this
 * is a cast; the connection (and transaction) is the same object.
 */
// biome-ignore lint/suspicious/noExplicitAny: any feature's view of the same connection
export function tablesOf<T>(db: Kysely<any>): Kysely<T> {
  return db as unknown as Kysely<T>;
}
