import { formatPercent, formatRupees, formatSignedRupees } from '../../shared/trading-format.ts';
import { StraddleChart } from './StraddleChart.tsx';
import type { StraddleAnswer, StraddleDetailExtras } from './straddle-extras.ts';

/** "straddle" for one strike, "strangle" when the call and put are `gap` points apart (issue 29 item 8). */
export function structureOf(result: StraddleAnswer, gap: number): 'straddle' | 'strangle' {
  return result.structure ?? (gap > 0 ? 'strangle' : 'straddle');
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span className="straddle-figure-value">{value}</span>
        {note ? <span className="straddle-figure-note">{note}</span> : null}
      </dd>
    </div>
  );
}

export default function StraddleResults({ result, gap }: { result: StraddleAnswer; gap: number }) {
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
