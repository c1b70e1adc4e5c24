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
};
