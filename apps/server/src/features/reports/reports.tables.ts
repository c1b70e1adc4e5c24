import type { Generated } from 'kysely';

/** Visitors' reports of comments and short links (ISO text dates). */
export type ReportTables = {
  reports: {
    id: Generated<number>;
    /** 'comment' or 'short-link'. */
    kind: string;
    /** The comment's id (as text) or the short link's code. */
    target_key: string;
    created_at: string;
    /** 'open' until the operator closes the item's reports. */
    status: string;
    /** The visitor (client address, IPv6 per /64) hashed: one open report per visitor and item. */
    visitor_hash: string;
  };
};
