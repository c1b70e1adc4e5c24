import type { PortableMigration } from './portable-migration.ts';

/**
 * The database layer's own migrations. '0001-content' once also created the blogs and posts tables; those
 * now belong to their features' migrations, which create them only when missing, so a database made
 * before the split takes them as done.
 */
export const coreMigrations: Record<string, PortableMigration> = {
  '0001-content': {
    async up(db) {
      await db.schema
        .createTable('app_state')
        .ifNotExists()
        .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  },
};
