import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { EventStudiesTables } from './event-studies.tables.ts';

type Db = Kysely<EventStudiesTables>;

/** The Fed alert's WhatsApp send claims (the feature's own table). */
export function createEventStudiesRepository(db: Db) {
  return {
    /** Claims the one send of an event; false when it was sent (or is being sent) already. */
    async claimSend(eventKey: string, now: string): Promise<boolean> {
      try {
        await db
          .insertInto('event_alert_sends')
          .values({
            event_key: eventKey,
            status: 'sending',
            message_id: null,
            claimed_at: now,
            sent_at: null,
          })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async markSent(eventKey: string, messageId: string, now: string) {
      await db
        .updateTable('event_alert_sends')
        .set({ status: 'sent', message_id: messageId, sent_at: now })
        .where('event_key', '=', eventKey)
        .execute();
    },

    async releaseSend(eventKey: string) {
      await db
        .deleteFrom('event_alert_sends')
        .where('event_key', '=', eventKey)
        .where('status', '=', 'sending')
        .execute();
    },

    async sendOf(eventKey: string) {
      return db
        .selectFrom('event_alert_sends')
        .selectAll()
        .where('event_key', '=', eventKey)
        .executeTakeFirst();
    },
  };
}

export type EventStudiesRepository = ReturnType<typeof createEventStudiesRepository>;
