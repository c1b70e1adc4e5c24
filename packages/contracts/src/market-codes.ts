/* Market codes the trading pages check at first render; free of zod so the pages do not carry the schemas. */

/**
 * The error code of every market call when the database has no market data yet (a fresh machine that is
 * offline): the trading pages show their 'market data not loaded' state on it.
 */
export const marketDataNotLoadedCode = 'MARKET_DATA_NOT_LOADED';
