import type { PortableMigration } from '../../db/portable-migration.ts';

export const translationMigrations: Record<string, PortableMigration> = {
  '0029-translation': {
    async up(db) {
      await db.schema
        .createTable('translations')
        .ifNotExists()
        .addColumn('text_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('target', 'varchar(10)', (col) => col.notNull())
        .addColumn('translated', 'text', (col) => col.notNull())
        .addColumn('service', 'varchar(40)', (col) => col.notNull())
        .addColumn('source_chars', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .addPrimaryKeyConstraint('translations_pk', ['text_hash', 'target'])
        .execute();
    },
  },
};
