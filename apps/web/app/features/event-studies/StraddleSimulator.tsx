import type { StraddleResult } from '@hurryup/contracts/event-studies';
import { eventMethodAnchors, eventStudyTexts, straddleDefaults } from '@hurryup/contracts/event-study-rules';
import { type FormEvent, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { fieldMessage, notLoadedMessage } from './api-failure.ts';
import { MethodLink } from './MethodLink.tsx';

/** tools-and-trading.md section 9: bars are 5 px per unit of value (percent). */
export const pixelsPerUnit = 5;
const barWidth = 14;

const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Inputs = { startYear: string; endYear: string; entryDays: string; gap: string };

/** Straddle Simulator (/straddleSimulator): long call + put around RBI policy days, priced from real data. */
export function StraddleSimulator() {
  const [inputs, setInputs] = useState<Inputs>({
    startYear: String(straddleDefaults.startYear),
    endYear: String(straddleDefaults.endYear),
    entryDays: String(straddleDefaults.entryDays),
    gap: String(straddleDefaults.gap),
  });
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<StraddleResult | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [notLoaded, setNotLoaded] = useState<string | undefined>();

  async function run(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(undefined);
    setResult(undefined);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/event-studies').then((c) => c.simulateStraddle),
        {
          body: {
            startYear: Number(inputs.startYear),
            endYear: Number(inputs.endYear),
            entryDays: Number(inputs.entryDays),
            gap: Number(inputs.gap),
          },
        },
      );
      setResult(answer);
      setNotLoaded(undefined);
    } catch (failure) {
      const message = notLoadedMessage(failure);
      if (message) setNotLoaded(message);
      else {
        const field = fieldMessage(failure);
        setError(field ? `${eventStudyTexts.simulationFailed} ${field}` : eventStudyTexts.simulationFailed);
      }
    } finally {
      setLoading(false);
    }
  }

  const field = (name: keyof Inputs, label: string, extra: { min?: number; max?: number; step?: number }) => (
    <label>
      {label}
      <input
        type="number"
        name={name}
        value={inputs[name]}
        {...extra}
        onChange={(e) => setInputs((current) => ({ ...current, [name]: e.target.value }))}
      />
    </label>
  );

  return (
    <section className="page event-page" aria-labelledby="straddle-heading">
      <h1 id="straddle-heading">Straddle Simulator: RBI Day Strategy</h1>
      <TradingDisclaimer />
      <p>
        Tests how a 3-day CE straddle performed before RBI events (2015–2024) using real NIFTY data: a call
        and a put bought at the close a few sessions before each RBI policy decision and sold at the decision
        day's close, both priced with Black-Scholes from that day's NIFTY close and India VIX.
      </p>
      <MethodLink anchor={eventMethodAnchors.straddle}>How the simulation is computed</MethodLink>
      <form className="event-form" onSubmit={run}>
        {field('startYear', 'From Year', { step: 1 })}
        {field('endYear', 'To Year', { step: 1 })}
        {field('entryDays', 'Entry Days Before Event', { min: 1, max: 20, step: 1 })}
        {field('gap', 'Strike Gap (e.g. 200)', { min: 0, max: 2000, step: 50 })}
        <button type="submit" disabled={loading}>
          {loading ? 'Simulating...' : 'Run Backtest'}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notLoaded && <MarketDataNotLoaded message={notLoaded} />}
      {result &&
        (result.trials === 0 ? (
          <p className="event-warning" role="status">
            {eventStudyTexts.noTrials}
          </p>
        ) : (
          <StraddleResults result={result} />
        ))}
    </section>
  );
}

function StraddleResults({ result }: { result: StraddleResult }) {
  const top = Math.max(0, ...result.distribution) * pixelsPerUnit;
  const bottom = Math.max(0, ...result.distribution.map((v) => -v)) * pixelsPerUnit;
  const height = Math.ceil(top + bottom) + 2;
  const width = result.distribution.length * (barWidth + 2);
  return (
    <div className="event-result" role="status">
      <dl className="market-figures">
        <div>
          <dt>Trials</dt>
          <dd>{result.trials}</dd>
        </div>
        <div>
          <dt>Average Return</dt>
          <dd>{result.averageReturn.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>Probability of Profit</dt>
          <dd>{result.winRate.toFixed(1)}%</dd>
        </div>
        <div>
          <dt>Max Profit</dt>
          <dd>{rupees(result.maxProfit)}</dd>
        </div>
        <div>
          <dt>Max Loss</dt>
          <dd>{rupees(result.maxLoss)}</dd>
        </div>
      </dl>
      <p className="as-of">{result.reason}</p>
      <h2>Profit Distribution</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard to scroll (WCAG 2.1.1) */}
      <section className="straddle-chart" aria-label="Profit distribution chart" tabIndex={0}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Return of each of ${result.trials} trials`}
        >
          <line x1={0} x2={width} y1={top + 1} y2={top + 1} stroke="#6b7280" />
          {result.distribution.map((value, i) => {
            const barHeight = Math.abs(value) * pixelsPerUnit;
            const detail = result.details[i];
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: one bar per trial, in a fixed order
                key={i}
                x={i * (barWidth + 2)}
                y={value >= 0 ? top + 1 - barHeight : top + 1}
                width={barWidth}
                height={Math.max(barHeight, 1)}
                className={value >= 0 ? 'straddle-bar straddle-bar--gain' : 'straddle-bar straddle-bar--loss'}
              >
                <title>{`Trial ${i + 1}: ${value}%${detail ? ` (${detail.date})` : ''}`}</title>
              </rect>
            );
          })}
        </svg>
      </section>
    </div>
  );
}
