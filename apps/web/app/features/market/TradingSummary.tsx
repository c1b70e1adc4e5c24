import type { DailyNews, FinancialData, TradingViewData } from '@hurryup/contracts/market';
import { AdSlot } from '../../shared/ads/AdSlot.tsx';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatLevel, type MarketLoad } from './market-load.ts';

export interface TradingSummaryData {
  trading: MarketLoad<TradingViewData>;
  financial: MarketLoad<FinancialData>;
  news: MarketLoad<DailyNews>;
}

const connectionError = 'Error: Error connecting to the server.';

/** The count after a label in the technical summary's alternating list, 0 when absent. */
function countAfter(list: { name: string }[], label: string): number {
  const index = list.findIndex((item) => item.name === label);
  const count = Number(list[index + 1]?.name);
  return index >= 0 && Number.isFinite(count) ? count : 0;
}

/** The trading-data summary (/tradingViewData): news line, Sell/Neutral/Buy totals, Nifty Index, India VIX. */
export function TradingSummary({ trading, financial, news }: TradingSummaryData) {
  const notLoaded = [trading, financial, news].find((load) => load.state === 'not-loaded');
  const errorText = (load: MarketLoad<unknown>, text: string) =>
    load.state === 'unreachable' ? connectionError : load.state === 'failed' ? text : undefined;
  const errors = [
    errorText(news, 'Error: Failed to fetch news data.'),
    errorText(trading, 'Error: Failed to fetch trading data.'),
    errorText(financial, 'Error: Failed to fetch financial data.'),
  ].filter((e, i, all): e is string => e !== undefined && all.indexOf(e) === i);

  return (
    <section className="page" aria-labelledby="trading-summary-heading">
      <h1 id="trading-summary-heading">Trading Data Summary</h1>
      <TradingDisclaimer />
      <AdSlot placement="banner" />
      {notLoaded?.state === 'not-loaded' && <MarketDataNotLoaded message={notLoaded.message} />}
      {errors.map((error) => (
        <p key={error} className="status status--error" role="alert">
          {error}
        </p>
      ))}
      {news.state === 'ok' && <p className="market-news">{news.data.news}</p>}
      {trading.state === 'ok' && (
        <>
          <h2>Technical summary of {trading.data.symbol}</h2>
          <p className="as-of">
            {trading.data.rating}, from the daily bars up to {trading.data.asOf}.
          </p>
          <dl className="market-figures">
            {(['Sell', 'Neutral', 'Buy'] as const).map((label) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{countAfter(trading.data.summary, label)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {financial.state === 'ok' && (
        <>
          <dl className="market-figures">
            <div>
              <dt>Nifty Index</dt>
              <dd>{formatLevel(financial.data.data['Nifty Index'])}</dd>
            </div>
            <div>
              <dt>India VIX</dt>
              <dd>{formatLevel(financial.data.data['India VIX'])}</dd>
            </div>
          </dl>
          <p className="as-of">
            {financial.data.live ? `Live, ${financial.data.asOf}.` : `Last close, ${financial.data.asOf}.`}
          </p>
        </>
      )}
      <AdSlot placement="banner" />
    </section>
  );
}
