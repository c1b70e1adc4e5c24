/** The event studies' own table (they read the market data through its read model, never its tables). */
export type EventStudiesTables = {
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
