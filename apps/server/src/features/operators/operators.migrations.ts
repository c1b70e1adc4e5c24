import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const operatorMigrations: Record<string, PortableMigration> = {
  '0045-operators': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('operators').ifNotExists(), dialect)
        .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
        .addColumn('password_hash', 'varchar(400)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('operator_sessions')
        .ifNotExists()
        .addColumn('id_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('operator_id', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('last_seen_at', 'varchar(40)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('operator_sessions_operator')
        .ifNotExists()
        .on('operator_sessions')
        .column('operator_id')
        .execute();
    },
  },
};
