import type { Generated } from 'kysely';

/** The contact inbox (ISO text dates). */
export type ContactTables = {
  contact_messages: {
    id: Generated<number>;
    /** The visitor's address, as the mail's Reply-To. */
    email: string;
    message: string;
    received_at: string;
    /** When the operator marked it read; null while unread. */
    read_at: string | null;
    /** The mail in the outbox that delivers it (`mail_outbox.id`), written in the same transaction. */
    mail_id: number;
  };
};
