import { withIdColumn } from '../../db/columns.ts';
import type { PortableMigration } from '../../db/portable-migration.ts';

export const contactMigrations: Record<string, PortableMigration> = {
  '0057-contact-messages': {
    async up(db, dialect) {
      // The inbox: each message as the visitor sent it, beside the mail that delivers it (issue 30 item 6).
      await withIdColumn(db.schema.createTable('contact_messages').ifNotExists(), dialect)
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('message', 'varchar(2000)', (col) => col.notNull())
        .addColumn('received_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('read_at', 'varchar(30)')
        .addColumn('mail_id', 'integer', (col) => col.notNull())
        .execute();
    },
  },
};
