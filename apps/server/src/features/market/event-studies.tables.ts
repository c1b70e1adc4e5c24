import type { MarketTables } from './market.tables.ts';

/** The event studies' own table, and the market tables they read. */
export type EventStudiesTables = Pick<MarketTables, 'market_bars' | 'market_events'> & {
  /**
   * One row per event whose alert was sent (or is being sent) by WhatsApp: the key is unique, so at most
   * one send per event across processes. A failed send deletes its row, so a later request may try again.
   */
  event_alert_sends: {
    /** '<kind> <date>', e.g. 'usfed 2026-12-09'. */
    event_key: string;
    /** 'sending' while the request that claimed it sends, then 'sent'. */
    status: string;
    message_id: string | null;
    claimed_at: string;
    sent_at: string | null;
  };
};
