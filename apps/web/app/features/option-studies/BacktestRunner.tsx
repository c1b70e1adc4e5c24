import type { BacktestResponse } from '@hurryup/contracts/option-studies';
import { backtestDefaultDays, methodAnchors } from '@hurryup/contracts/option-study-rules';
import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { failureOf, MethodsLink, ProblemNote, type StudyProblem } from './StudyFields.tsx';
import { percentText } from './study-load.ts';

/** Trades shown at a time: a full history is about 1,900 lines, which a phone should not hold at once. */
export const tradesPerPage = 50;

// One formatter for every figure (toLocaleString with options builds one a call).
const levels = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const level = (value: number) => levels.format(value);

/**
 * The backtest (/optionEdgeBacktest): 'Run Backtest (Today)' replays the signal rule over the stored
 * history up to today and shows the summary and one line per trade.
 */
export function BacktestRunner() {
  const [result, setResult] = useState<BacktestResponse>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem>();
  const [page, setPage] = useState(0);

  async function run() {
    setBusy(true);
    setProblem(undefined);
    setPage(0);
    try {
      setResult(
        await callApiLazily(() => import('@hurryup/contracts/option-studies').then((c) => c.runBacktest), {
          body: { days: backtestDefaultDays },
        }),
      );
    } catch (error) {
      // The error catalogue: backtest failures are logged only (missing data is shown).
      console.error('Backtest failed', error);
      const failure = failureOf(error);
      setResult(undefined);
      setProblem(failure?.kind === 'not-loaded' ? failure : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="backtest-heading">
      <h1 id="backtest-heading">Backtest</h1>
      <TradingDisclaimer />
      <p className="page__lede">
        Replays the signal rule of the options assistant on every NIFTY 50 session stored up to today: one
        trade per BUY CALL or BUY PUT day, closed at the next session's close, less costs.
      </p>
      <button type="button" className="button" onClick={() => void run()} disabled={busy}>
        {busy ? 'Running...' : 'Run Backtest (Today)'}
      </button>
      <ProblemNote problem={problem} />
      {result ? (
        <div className="study-result">
          <h2>Backtest Summary</h2>
          <dl className="market-figures">
            <div>
              <dt>Win Rate</dt>
              <dd>{result.win_rate}%</dd>
            </div>
            <div>
              <dt>Avg Return</dt>
              <dd>{percentText(result.avg_return)}</dd>
            </div>
            <div>
              <dt>Total Return</dt>
              <dd>{percentText(result.total_return)}</dd>
            </div>
            <div>
              <dt>Max Drawdown</dt>
              <dd>{percentText(result.max_drawdown)}</dd>
            </div>
            <div>
              <dt>Trades</dt>
              <dd>{result.trade_count}</dd>
            </div>
          </dl>
          <p className="as-of">
            {result.days} sessions
            {result.from && result.to ? ` from ${result.from} to ${result.to}` : ''}; cost {result.cost}% a
            trade.
          </p>
          <h2 id="backtest-signals">Signals</h2>
          {result.trades.length === 0 ? (
            <p className="status">No signal day in this range.</p>
          ) : (
            <TradePages trades={result.trades} page={page} onPage={setPage} />
          )}
        </div>
      ) : null}
      <MethodsLink anchor={methodAnchors.backtest}>How the backtest is computed</MethodsLink>
    </section>
  );
}

/** The trades, a page at a time, with where the page is in the whole and buttons to move. */
function TradePages({
  trades,
  page,
  onPage,
}: {
  trades: BacktestResponse['trades'];
  page: number;
  onPage(page: number): void;
}) {
  const pages = Math.ceil(trades.length / tradesPerPage);
  const first = page * tradesPerPage;
  const shown = trades.slice(first, first + tradesPerPage);
  const count = (n: number) => n.toLocaleString('en-IN');
  return (
    <>
      <p className="as-of" aria-live="polite">
        Trades {count(first + 1)}–{count(first + shown.length)} of {count(trades.length)}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard */}
      <ol className="backtest-signals" aria-labelledby="backtest-signals" tabIndex={0} start={first + 1}>
        {shown.map((trade) => (
          <li key={trade.date}>
            {trade.date}, {trade.signal}, Nifty {level(trade.nifty)}, RSI {trade.rsi.toFixed(2)}, VIX{' '}
            {trade.vix.toFixed(2)}, Return{' '}
            <span className={trade.simulated_return >= 0 ? 'change--up' : 'change--down'}>
              {percentText(trade.simulated_return)}
            </span>
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <div className="backtest-pager">
          <button
            type="button"
            className="button button--small"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            Previous {tradesPerPage}
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            className="button button--small"
            disabled={page >= pages - 1}
            onClick={() => onPage(page + 1)}
          >
            Next {tradesPerPage}
          </button>
        </div>
      ) : null}
    </>
  );
}
