import type { Generated } from 'kysely';

export type MarketTables = {
  /** An index or a stock the site keeps daily bars of. */
  market_instruments: {
    /** The site's symbol: 'NIFTY 50', 'INDIA VIX', 'NIFTY BANK', 'TCS', 'M&M'. */
    symbol: string;
    name: string;
    /** 'index' or 'stock'. */
    kind: string;
    /** The public source's symbol ('^NSEI', 'TCS.NS'); null when the source does not carry it. */
    source_symbol: string | null;
    updated_at: string;
  };
  market_bars: {
    symbol: string;
    /** YYYY-MM-DD, the India trading date. */
    date: string;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: number | null;
    /** Open interest at the close, for derivatives files that carry it. */
    open_interest: number | null;
    /** 'import' (a CSV file) or 'sync' (the public source). */
    source: string;
  };
  market_events: {
    id: Generated<number>;
    date: string;
    /** rbi, usfed, budget, holiday, election, results. */
    kind: string;
    title: string;
    /** high, medium, closed, muhurat, … as the calendar labels it. */
    impact: string;
    /**
     * 1 for an event on the published calendar, 0 for an unscheduled or off-cycle action (not known before
     * it happened: never entered "before" it by the studies).
     */
    scheduled: number;
    /** Where the row came from: 'content', a CSV file name, or 'admin'. */
    source: string;
    updated_at: string;
  };
  /** The indicator values each device saved last: one row per device (unique device_id). */
  market_indicator_snapshots: {
    id: Generated<number>;
    device_id: string;
    nifty: number;
    rsi: number;
    vix: number;
    oi_change: number | null;
    saved_at: string;
  };
  /** Files already imported, so a start with MARKET_DATA_DIR set skips unchanged files quickly. */
  market_import_files: {
    /** Absolute path of the file. */
    path: string;
    size: number;
    mtime_ms: number;
    sha256: string;
    rows: number;
    imported_at: string;
  };
  /**
   * NIFTY lot sizes as the operator keeps them (the contract rules' lotSizes, docs/trading-methods.md
   * "Contracts as they traded"): a contract's lot is that of the last row, by from_date, that applies to it.
   */
  market_lot_sizes: {
    id: Generated<number>;
    /** YYYY-MM-DD, India date the row starts from, read as `basis` says (unique). */
    from_date: string;
    /** 'traded', 'expiring' or 'listed' (LotBasis). */
    basis: string;
    lot_size: number;
    /** The NSE circular the row comes from, with its date. */
    circular: string;
    /** The last expiry the circular is known to cover; null: until a later row. */
    until_date: string | null;
    created_at: string;
    updated_at: string;
  };
  /** NIFTY's expiry weekday by period (the contract rules' expiryWeekdays): from the week of from_date on. */
  market_expiry_weekdays: {
    id: Generated<number>;
    /** YYYY-MM-DD: a day of the first week (Monday to Sunday) the weekday applies to (unique). */
    from_date: string;
    /** 1 Monday … 5 Friday. */
    weekday: number;
    circular: string;
    /** The last expiry the circular is known to cover; null: until a later row. */
    until_date: string | null;
    created_at: string;
    updated_at: string;
  };
};
