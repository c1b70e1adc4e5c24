import {
  eventMethodAnchors,
  eventStudyTexts,
  straddleDefaults,
  straddleFieldRules,
  yearsOutOfOrder,
} from '@hurryup/contracts/event-study-rules';
import { type FormEvent, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { TradingNumberField } from '../../shared/TradingNumberField.tsx';
import { formatPercent, formatRupees, formatSignedRupees } from '../../shared/trading-format.ts';
import { useNumberFields } from '../../shared/use-number-fields.ts';
import { notLoadedMessage, refusedFields } from './api-failure.ts';
import { MethodLink } from './MethodLink.tsx';
import { StraddleChart } from './StraddleChart.tsx';
import type { StraddleAnswer, StraddleDetailExtras } from './straddle-extras.ts';

/** tools-and-trading.md section 9: bars are 5 px per unit of value (percent), where they fit. */
export { specPixelsPerUnit as pixelsPerUnit } from './straddle-chart.ts';

type Field = keyof typeof straddleFieldRules;
const fieldIds: Record<Field, string> = {
  startYear: 'straddle-start-year',
  endYear: 'straddle-end-year',
  entryDays: 'straddle-entry-days',
  gap: 'straddle-gap',
};

/** Straddle Simulator (/straddleSimulator): long call + put around RBI policy days, priced from real data. */
export function StraddleSimulator() {
  const fields = useNumberFields<Field>(
    {
      startYear: String(straddleDefaults.startYear),
      endYear: String(straddleDefaults.endYear),
      entryDays: String(straddleDefaults.entryDays),
      gap: String(straddleDefaults.gap),
    },
    straddleFieldRules,
    fieldIds,
  );
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<{ answer: StraddleAnswer; gap: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [notLoaded, setNotLoaded] = useState<string | undefined>();

  async function run(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setResult(undefined);
    // Nothing is sent that the visitor did not enter: each field that cannot be used says why beside it.
    const body = fields.check();
    if (!body) return;
    if (body.endYear < body.startYear) {
      fields.show({ endYear: yearsOutOfOrder });
      return;
    }
    setLoading(true);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/event-studies').then((c) => c.simulateStraddle),
        { body },
      );
      setResult({ answer, gap: body.gap });
      setNotLoaded(undefined);
    } catch (failure) {
      const message = notLoadedMessage(failure);
      if (message) setNotLoaded(message);
      else {
        // A refusal names its fields: each says what is wrong beside it, after the specification's text.
        const refused = refusedFields(failure);
        const other = refused ? fields.showRefusal(refused) : [];
        setError([eventStudyTexts.simulationFailed, ...other].join(' '));
      }
    } finally {
      setLoading(false);
    }
  }

  const field = (name: Field, label: string) => (
    <TradingNumberField
      id={fieldIds[name]}
      label={label}
      value={fields.texts[name]}
      problem={fields.problems[name]}
      onChange={fields.set(name)}
    />
  );

  return (
    <section className="page event-page" aria-labelledby="straddle-heading">
      <h1 id="straddle-heading">Straddle Simulator: RBI Day Strategy</h1>
      <TradingDisclaimer />
      <p>
        Tests how a 3-day CE straddle performed before RBI events (2015–2024) using real NIFTY data: a call
        and a put bought at the close a few sessions before each RBI policy decision and sold at the decision
        day's close, both priced with Black-Scholes from that day's NIFTY close and India VIX. With a strike
        gap above 0 the call and the put have different strikes: the position is then a strangle.
      </p>
      <MethodLink anchor={eventMethodAnchors.straddle}>How the simulation is computed</MethodLink>
      <form className="trading-form" noValidate onSubmit={run}>
        <div className="trading-form__grid">
          {field('startYear', 'From Year')}
          {field('endYear', 'To Year')}
          {field('entryDays', 'Entry Days Before Event')}
          {field('gap', 'Strike Gap (e.g. 200)')}
        </div>
        <button type="submit" className="button" disabled={loading}>
          {loading ? 'Simulating...' : 'Run Backtest'}
        </button>
      </form>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      {notLoaded && <MarketDataNotLoaded message={notLoaded} />}
      {result &&
        (result.answer.trials === 0 ? (
          <p className="event-warning" role="status">
            {eventStudyTexts.noTrials}
          </p>
        ) : (
          <StraddleResults result={result.answer} gap={result.gap} />
        ))}
    </section>
  );
}

/** "straddle" for one strike, "strangle" when the call and put are `gap` points apart (issue 29 item 8). */
export function structureOf(result: StraddleAnswer, gap: number): 'straddle' | 'strangle' {
  return result.structure ?? (gap > 0 ? 'strangle' : 'straddle');
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value}
        {note ? <span className="straddle-figure-note">{note}</span> : null}
      </dd>
    </div>
  );
}

export function StraddleResults({ result, gap }: { result: StraddleAnswer; gap: number }) {
  const structure = structureOf(result, gap);
  const interval = result.winRateInterval;
  return (
    <div className="event-result" role="status">
      <p className="straddle-structure">
        {structure === 'strangle'
          ? `Strangle: the call and the put are ${gap.toLocaleString('en-IN')} points either side of NIFTY (different strikes).`
          : 'Straddle: the call and the put have the same strike.'}
      </p>
      {result.medianReturn !== undefined || result.totalProfit !== undefined ? (
        <dl className="market-figures straddle-headline">
          {result.medianReturn !== undefined ? (
            <Figure
              label="Median Return"
              value={formatPercent(result.medianReturn)}
              note="the middle trial"
            />
          ) : null}
          {result.totalProfit !== undefined ? (
            <Figure
              label="Total, after costs"
              value={formatSignedRupees(result.totalProfit)}
              note={`${result.trials} trades of one lot`}
            />
          ) : null}
          {result.baseline ? (
            <Figure
              label="Ordinary sessions (baseline)"
              value={formatPercent(result.baseline.medianReturn)}
              note={`median of ${result.baseline.trials} trades with no event`}
            />
          ) : null}
        </dl>
      ) : null}
      <dl className="market-figures">
        <Figure label="Trials" value={String(result.trials)} />
        <Figure
          label="Average Return"
          value={`${result.averageReturn.toFixed(2)}%`}
          note="the average (mean)"
        />
        <Figure
          label="Probability of Profit"
          value={`${result.winRate.toFixed(1)}%`}
          note={interval ? `95% interval ${interval[0].toFixed(1)}–${interval[1].toFixed(1)}%` : undefined}
        />
        <Figure label="Max Profit" value={formatRupees(result.maxProfit)} />
        <Figure label="Max Loss" value={formatRupees(result.maxLoss)} />
      </dl>
      {result.percentiles ? (
        <p className="as-of">
          Half the trials returned between {formatPercent(result.percentiles.p25)} and{' '}
          {formatPercent(result.percentiles.p75)}; four in five between{' '}
          {formatPercent(result.percentiles.p10)} and {formatPercent(result.percentiles.p90)}.
        </p>
      ) : null}
      {result.baseline !== undefined ? <Baseline result={result} /> : null}
      <p className="as-of">{result.reason}</p>
      <h2>Profit Distribution</h2>
      <StraddleChart
        distribution={result.distribution}
        dates={result.details.map((d) => {
          const extra = d as typeof d & StraddleDetailExtras;
          return extra.expiry ? `${d.date}, expiry ${extra.expiry}` : d.date;
        })}
      />
      {result.skipped && result.skipped.count > 0 ? <Skipped skipped={result.skipped} /> : null}
    </div>
  );
}

function Baseline({ result }: { result: StraddleAnswer }) {
  const baseline = result.baseline;
  if (!baseline)
    return (
      <p className="straddle-baseline trading-card">
        No baseline: no ordinary session in this range had the same window free of events.
      </p>
    );
  return (
    <section className="straddle-baseline trading-card" aria-labelledby="straddle-baseline-heading">
      <h3 id="straddle-baseline-heading">Against ordinary sessions</h3>
      <p>The same trade entered on {baseline.trials} ordinary sessions (no event in the window):</p>
      <table className="market-table straddle-compare">
        <thead>
          <tr>
            <th scope="col"> </th>
            <th scope="col">Before RBI</th>
            <th scope="col">Ordinary</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Trials</th>
            <td>{result.trials}</td>
            <td>{baseline.trials}</td>
          </tr>
          <tr>
            <th scope="row">Median return</th>
            <td>{result.medianReturn === undefined ? '–' : formatPercent(result.medianReturn)}</td>
            <td>{formatPercent(baseline.medianReturn)}</td>
          </tr>
          <tr>
            <th scope="row">Average return</th>
            <td>{formatPercent(result.averageReturn)}</td>
            <td>{formatPercent(baseline.averageReturn)}</td>
          </tr>
          <tr>
            <th scope="row">Won</th>
            <td>{formatPercent(result.winRate, 1)}</td>
            <td>{formatPercent(baseline.winRate, 1)}</td>
          </tr>
          <tr>
            <th scope="row">Total, after costs</th>
            <td>{result.totalProfit === undefined ? '–' : formatSignedRupees(result.totalProfit)}</td>
            <td>{formatSignedRupees(baseline.totalProfit)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function Skipped({ skipped }: { skipped: NonNullable<StraddleAnswer['skipped']> }) {
  return (
    <details className="straddle-skipped trading-card" open={skipped.trials.length <= 5}>
      <summary>
        {skipped.count} {skipped.count === 1 ? 'trial' : 'trials'} skipped, and why
      </summary>
      <ul>
        {skipped.trials.map((trial) => (
          <li key={`${trial.date} ${trial.reason}`}>
            <strong>{trial.date}</strong>: {trial.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
