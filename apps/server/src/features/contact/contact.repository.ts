import type { Kysely, Selectable } from 'kysely';
import type { ContactTables } from './contact.tables.ts';

type Db = Kysely<ContactTables>;
export type ContactMessageRow = Selectable<ContactTables['contact_messages']>;

/** Every query on `contact_messages`. */
export function createContactRepository(db: Db) {
  return {
    /** Stores a message (inside the transaction that also writes its mail). */
    async insert(
      row: Omit<ContactMessageRow, 'id' | 'read_at'>,
      tx: Kysely<ContactTables> = db,
    ): Promise<void> {
      await tx
        .insertInto('contact_messages')
        .values({ ...row, read_at: null })
        .execute();
    },
    /** Newest first; only the unread ones when asked. */
    async list(query: { unread: boolean; limit: number; offset: number }): Promise<ContactMessageRow[]> {
      let select = db.selectFrom('contact_messages').selectAll();
      if (query.unread) select = select.where('read_at', 'is', null);
      return select.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
    },
    async find(id: number): Promise<ContactMessageRow | undefined> {
      return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async setRead(id: number, readAt: string | null): Promise<ContactMessageRow | undefined> {
      return db
        .updateTable('contact_messages')
        .set({ read_at: readAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
