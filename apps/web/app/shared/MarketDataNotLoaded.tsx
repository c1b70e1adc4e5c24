/**
 * What a trading screen shows instead of numbers when the server has no market data (a fresh machine that
 * is offline, decisions.md section 6): it says so plainly, once. `message` is the server's own text when it
 * sent one; what the operator should do is in the server's log and docs/operations.md, not on the page.
 */
export function MarketDataNotLoaded({ message }: { message?: string | undefined }) {
  return (
    <div className="status market-not-loaded" role="status">
      <p className="market-not-loaded__title">Market data not loaded</p>
      <p>{message ?? 'This site has no market data yet, so there is nothing to show here.'}</p>
      <p>Please check back later.</p>
    </div>
  );
}
