import { type Kysely, sql } from 'kysely';
import type { DialectName } from './database.ts';

/**
 * After rows were inserted with explicit ids (imports keep the ids of files), PostgreSQL's identity must
 * move past them, and only forward, so ids of deleted rows are never handed out again (as in SQLite).
 */
// biome-ignore lint/suspicious/noExplicitAny: any feature's table
export async function syncIdSequence(db: Kysely<any>, dialect: DialectName, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`select pg_get_serial_sequence(${table}, 'id') as name`.execute(
    db,
  );
  const sequence = sql.raw(rows[0]!.name);
  await sql`select setval(${sql.lit(rows[0]!.name)}, greatest((select coalesce(max(id), 0) from ${sql.table(table)}), (select last_value from ${sequence})))`.execute(
    db,
  );
}
