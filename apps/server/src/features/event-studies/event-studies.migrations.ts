import type { PortableMigration } from '../../db/portable-migration.ts';

export const eventStudiesMigrations: Record<string, PortableMigration> = {
  '0031-event-studies': {
    async up(db) {
      await db.schema
        .createTable('event_alert_sends')
        .ifNotExists()
        .addColumn('event_key', 'varchar(60)', (col) => col.primaryKey())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('message_id', 'varchar(200)')
        .addColumn('claimed_at', 'varchar(30)', (col) => col.notNull())
        .addColumn('sent_at', 'varchar(30)')
        .execute();
    },
  },
};
