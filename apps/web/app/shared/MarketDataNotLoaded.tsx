/**
 * What a trading screen shows instead of numbers when the server has no market data (a fresh machine
 * that is offline, decisions.md section 6): it says so plainly and tells the operator how to load it.
 * `message` is the server's own text when it sent one.
 */
export function MarketDataNotLoaded({ message }: { message?: string | undefined }) {
  return (
    <div className="status market-not-loaded" role="status">
      <p className="market-not-loaded__title">Market data not loaded</p>
      <p>{message ?? 'This site has no market data yet, so there is nothing to show here.'}</p>
      <p>
        Site operator: import a folder of daily price CSV files with{' '}
        <code>npm run market:import -- &lt;folder&gt;</code>, or set <code>MARKET_DATA_DIR</code> to that
        folder and restart the server. When the server is online it also fetches prices by itself.
      </p>
    </div>
  );
}
