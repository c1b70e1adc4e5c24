import type { BreakoutAlert } from '@hurryup/contracts/market';
import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import type { MarketLoad } from './market-load.ts';
import { useRefresh } from './use-refresh.ts';

/** tools-and-trading.md section 9: the alert refreshes every 60000 ms. */
export const breakoutRefreshMs = 60_000;

/** Breakout / breakdown alerts (/breakout): the current alert of NIFTY 50, or 'No alert currently.' */
export function BreakoutAlerts({ initial }: { initial: MarketLoad<BreakoutAlert> }) {
  const [load, setLoad] = useState(initial);
  useRefresh(async (signal) => {
    try {
      // The API client and its schemas load with the first refresh, not with the page.
      const alert = await callApiLazily(
        () => import('@hurryup/contracts/market').then((contract) => contract.checkBreakout),
        { body: { data: [] } },
        { signal },
      );
      setLoad({ state: 'ok', data: alert });
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.code === marketDataNotLoadedCode)
        setLoad({ state: 'not-loaded', message: error.message });
      // Other failures are logged only (the error catalogue); the last alert stays on screen.
      else console.error('Breakout alert refresh failed', error);
    }
  }, breakoutRefreshMs);

  const alert = load.state === 'ok' && load.data.status === 'alert' ? load.data : undefined;
  return (
    <section className="page" aria-labelledby="breakout-heading">
      <h1 id="breakout-heading">Breakout / Breakdown Alerts</h1>
      <TradingDisclaimer />
      {load.state === 'not-loaded' ? (
        <MarketDataNotLoaded message={load.message} />
      ) : alert ? (
        <div className={`market-alert market-alert--${alert.type}`} role="status">
          <dl className="market-figures">
            <div>
              <dt>Type</dt>
              <dd>{alert.type === 'breakout' ? 'Breakout' : 'Breakdown'}</dd>
            </div>
            <div>
              <dt>Confidence</dt>
              <dd>{alert.confidence}%</dd>
            </div>
            <div>
              <dt>Volume spike</dt>
              <dd>{alert.volumeSpike ? 'Yes' : 'No'}</dd>
            </div>
            <div>
              <dt>Pattern</dt>
              <dd>{alert.pattern}</dd>
            </div>
          </dl>
          <p>{alert.reason}</p>
          <p className="as-of">
            {alert.symbol}, daily close of {alert.asOf}.
          </p>
        </div>
      ) : (
        <>
          <p className="status" role="status">
            No alert currently.
          </p>
          {load.state === 'ok' && (
            <p className="as-of">
              {load.data.symbol}: {load.data.reason}
            </p>
          )}
        </>
      )}
    </section>
  );
}
