/** The URL shortener's one table (ISO text dates, 0/1 booleans). */
export type ShortenerTables = {
  short_links: {
    /** The code after /s/: a random code or the visitor's alias; case-sensitive. */
    code: string;
    /** The long URL in its normal form (`new URL(…).href`). */
    long_url: string;
    /** SHA-256 of `long_url` in hex: the index that finds a URL's existing random link. */
    url_hash: string;
    /** 1 when `code` is an alias the visitor chose, 0 for a random code. */
    is_alias: number;
    created_at: string;
    /** Redirects so far, added in batches by each process (`clicks = clicks + n`). */
    clicks: number;
    /** When the operator disabled it (ISO); null while it redirects. */
    disabled_at: string | null;
    /**
     * 1 once the operator deleted it: its destination is forgotten (`long_url` empty, `url_hash` made
     * unique to the code) and the row stays, so its code is never given out again.
     */
    deleted: number;
  };
};
