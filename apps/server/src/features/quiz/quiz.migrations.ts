import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const quizMigrations: Record<string, PortableMigration> = {
  '0023-quiz': {
    async up(db, dialect) {
      await withIdColumn(db.schema.createTable('quiz_questions').ifNotExists(), dialect)
        .addColumn('topic', 'varchar(40)', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('code', 'text')
        .addColumn('options', 'text', (col) => col.notNull())
        .addColumn('correct_answer', 'varchar(100)', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('verify', 'text')
        .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('quiz_questions_topic')
        .ifNotExists()
        .on('quiz_questions')
        .columns(['topic', 'id'])
        .execute();
    },
  },
};
