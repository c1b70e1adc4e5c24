import type { StockRow } from '@hurryup/contracts/market';
import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatLevel, type MarketLoad } from './market-load.ts';
import { useRefresh } from './use-refresh.ts';

/** tools-and-trading.md section 9: the stock table refreshes every 300000 ms. */
export const stockTableRefreshMs = 300_000;
const failedText = 'Failed to fetch stock data.';

/** Change is 'parsed as a decimal number, 0 if not parseable, shown to 2 decimals'. */
const changeOf = (row: StockRow) => (Number.isFinite(Number(row.change)) ? Number(row.change) : 0);

/** Today's date in India (YYYY-MM-DD), to tell whether the prices shown are today's. */
export function indiaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

/** The live stock table (/daylow): NIFTY 50 stocks, Change% sortable both ways, refreshed every 5 minutes. */
export function StockTable({ initial }: { initial: MarketLoad<StockRow[]> }) {
  const [load, setLoad] = useState(initial);
  const [order, setOrder] = useState<'ascending' | 'descending' | undefined>(undefined);

  useRefresh(async (signal) => {
    try {
      // The API client and its schemas load with the first refresh, not with the page.
      const stocks = await callApiLazily(
        () => import('@hurryup/contracts/market').then((contract) => contract.listStocks),
        {},
        { signal },
      );
      setLoad({ state: 'ok', data: stocks });
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.code === marketDataNotLoadedCode)
        setLoad({ state: 'not-loaded', message: error.message });
      else setLoad({ state: 'failed', message: failedText });
    }
  }, stockTableRefreshMs);

  const rows = load.state === 'ok' ? [...load.data] : [];
  if (order)
    rows.sort((a, b) => (order === 'ascending' ? changeOf(a) - changeOf(b) : changeOf(b) - changeOf(a)));
  const asOf = rows
    .map((r) => r.asOf)
    .sort()
    .at(-1);

  const stale = asOf !== undefined && asOf !== indiaToday();
  return (
    <section className="page" aria-labelledby="daylow-heading">
      <div className="market-title">
        <h1 id="daylow-heading">Live Stock Table</h1>
        {asOf ? (
          <p className={stale ? 'market-live market-live--stale' : 'market-live'}>
            {stale ? `Live · as of ${asOf}` : 'Live'}
          </p>
        ) : null}
      </div>
      <TradingDisclaimer />
      {load.state === 'not-loaded' ? (
        <MarketDataNotLoaded message={load.message} />
      ) : (
        <>
          {asOf && <p className="as-of">NIFTY 50 stocks, prices as of {asOf}.</p>}
          <p className="scroll-cue market-table-cue">
            Scroll sideways for Day High, Day Low, Change% and Rating; the symbol stays in view.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must take the keyboard (WCAG 2.1.1) */}
          <section className="market-table-wrap scroll-shadow" tabIndex={0} aria-label="NIFTY 50 stocks">
            <table className="market-table">
              <thead>
                <tr>
                  <th scope="col">Symbol</th>
                  <th scope="col">Current Price</th>
                  <th scope="col">Day High</th>
                  <th scope="col">Day Low</th>
                  <th scope="col" aria-sort={order ?? 'none'}>
                    <button
                      type="button"
                      className="market-table__sort"
                      onClick={() => setOrder(order === 'ascending' ? 'descending' : 'ascending')}
                    >
                      Change%
                      <span aria-hidden="true">
                        {order === 'ascending' ? ' ▲' : order === 'descending' ? ' ▼' : ' ↕'}
                      </span>
                    </button>
                  </th>
                  <th scope="col">Rating</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={6}>{load.state === 'ok' ? 'No stock data available.' : failedText}</td>
                  </tr>
                ) : (
                  rows.map((row) => {
                    const change = changeOf(row);
                    return (
                      <tr key={row.symbol}>
                        <td>{row.symbol}</td>
                        <td>{formatLevel(row.price)}</td>
                        <td>{formatLevel(row.high)}</td>
                        <td>{formatLevel(row.low)}</td>
                        <td className={change > 0 ? 'change--up' : change < 0 ? 'change--down' : undefined}>
                          {change.toFixed(2)}
                        </td>
                        <td>{row.rating}</td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
