import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import type { Database, DialectName } from './database.ts';
import type { PortableMigration } from './portable-migration.ts';

class StaticMigrationProvider implements MigrationProvider {
  readonly #dialect: DialectName;
  readonly #migrations: Record<string, PortableMigration>;
  constructor(dialect: DialectName, list: Record<string, PortableMigration>) {
    this.#dialect = dialect;
    this.#migrations = list;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(this.#migrations).map(([name, migration]) => [
        name,
        {
          up: (db: Kysely<unknown>) => migration.up(db, this.#dialect),
          ...(migration.down ? { down: (db: Kysely<unknown>) => migration.down!(db, this.#dialect) } : {}),
        },
      ]),
    );
  }
}

export class MigrationError extends Error {}

/**
 * Applies every pending migration of `list` (the database layer's own and each feature's, gathered by the
 * app) in name order; throws (and applies nothing more) when one fails.
 */
export async function migrateToLatest(
  database: Pick<Database, 'db' | 'dialect' | 'schema'>,
  list: Record<string, PortableMigration>,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: database.db as Kysely<unknown>,
    provider: new StaticMigrationProvider(database.dialect, list),
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
