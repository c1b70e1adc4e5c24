import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { EventStudiesTables } from './event-studies.tables.ts';

type Db = Kysely<EventStudiesTables>;

export interface StudyEvent {
  date: string;
  kind: string;
  title: string;
  impact: string;
  /** False for an unscheduled or off-cycle action. */
  scheduled: boolean;
}

/** The event studies' reads of the market tables, and their WhatsApp send claims. */
export function createEventStudiesRepository(db: Db) {
  return {
    /** Every close of each symbol, by date (one query). */
    async closesOf(symbols: readonly string[]): Promise<Map<string, Map<string, number>>> {
      const result = new Map<string, Map<string, number>>();
      if (symbols.length === 0) return result;
      const rows = await db
        .selectFrom('market_bars')
        .select(['symbol', 'date', 'close'])
        .where('symbol', 'in', symbols)
        .orderBy('symbol')
        .orderBy('date')
        .execute();
      for (const row of rows) {
        let series = result.get(row.symbol);
        if (!series) {
          series = new Map();
          result.set(row.symbol, series);
        }
        series.set(row.date, Number(row.close));
      }
      return result;
    },

    async events(kinds: readonly string[]): Promise<StudyEvent[]> {
      const rows = await db
        .selectFrom('market_events')
        .select(['date', 'kind', 'title', 'impact', 'scheduled'])
        .where('kind', 'in', kinds)
        .orderBy('date')
        .orderBy('kind')
        .execute();
      return rows.map((row) => ({ ...row, scheduled: Number(row.scheduled) !== 0 }));
    },

    /**
     * What changes when bars or events are written: their counts, the last bar date and the last event
     * update (one query each). Studies computed for another fingerprint are stale.
     */
    async fingerprint(symbols: readonly string[]): Promise<string> {
      const bars = await db
        .selectFrom('market_bars')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('date').as('last')])
        .where('symbol', 'in', symbols)
        .executeTakeFirstOrThrow();
      const events = await db
        .selectFrom('market_events')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('last')])
        .executeTakeFirstOrThrow();
      return `${bars.n}|${bars.last ?? ''}|${events.n}|${events.last ?? ''}`;
    },

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
