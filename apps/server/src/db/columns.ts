import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './database.ts';

/** An auto-incrementing integer primary key in either dialect. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
