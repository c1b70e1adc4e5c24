import { lazy, Suspense } from 'react';
import { formatPercent, formatSignedNumber, formatSignedRupees } from '../../shared/trading-format.ts';
import type { Evidence, EvidenceExtras, StrategyExtras } from './answer-extras.ts';

/** The payoff chart and legs table load only for a strategy answer that has them. */
const StrategyPayoff = lazy(() => import('./StrategyPayoff.tsx'));

/** "1st", "2nd", "3rd", "11th", "42nd" … */
export function ordinal(value: number): string {
  const n = Math.round(value);
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** India VIX's place in its last year, in words (signal and strategy screens). */
export function VixPercentile({ percentile, vix }: { percentile: number | null | undefined; vix?: number }) {
  if (percentile === undefined) return null;
  return (
    <p className="study-vix">
      {percentile === null
        ? 'India VIX percentile over the last year: not enough data.'
        : `India VIX${vix === undefined ? '' : ` ${vix}`} is at the ${ordinal(percentile)} percentile of the last year (${
            percentile < 20 ? 'options are cheap' : percentile > 80 ? 'options are dear' : 'a usual level'
          }).`}
    </p>
  );
}

/** The rule of issue 29: a trade needs 30 cases, a lower bound above the base rate and a positive mean. */
export const minimumEvidence = 30;

/** Why history does not support a trade, in words, or undefined when it does. */
export function evidenceShortfall(evidence: Evidence, profitText: (v: number) => string): string | undefined {
  if (evidence.n < minimumEvidence)
    return `only ${evidence.n} past ${evidence.n === 1 ? 'case' : 'cases'}, and a trade needs at least ${minimumEvidence}`;
  if (evidence.interval[0] <= evidence.baseRate)
    return `the hit rate's lower bound, ${formatPercent(evidence.interval[0], 1)}, does not clear the base rate of ${formatPercent(evidence.baseRate, 1)}`;
  if (evidence.meanProfit <= 0) return `the mean profit after costs is ${profitText(evidence.meanProfit)}`;
  return undefined;
}

/**
 * The evidence behind an answer: the sample, the hit rate with its 95 % interval, the base rate, the mean
 * profit and the worst case; and, when the answer is no trade, why history does not support one.
 */
export function EvidencePanel({
  evidence,
  unit,
  noTrade,
  title = 'Evidence',
}: {
  evidence: Evidence | undefined;
  /** Points per unit (signal, pattern) or rupees per lot (strategy). */
  unit: 'points' | 'rupees';
  noTrade: boolean;
  title?: string;
}) {
  if (!evidence) return null;
  const profit = (v: number) => (unit === 'rupees' ? formatSignedRupees(v) : formatSignedNumber(v));
  const per = unit === 'rupees' ? 'per lot' : 'points per unit';
  const shortfall = evidenceShortfall(evidence, profit);
  return (
    <section className="study-evidence trading-card" aria-labelledby="study-evidence-heading">
      <h2 id="study-evidence-heading">{title}</h2>
      <dl className="study-evidence__list">
        <div>
          <dt>Sample</dt>
          <dd>
            {evidence.n.toLocaleString('en-IN')} past {evidence.n === 1 ? 'case' : 'cases'}
          </dd>
        </div>
        <div>
          <dt>Hit rate</dt>
          <dd>
            {formatPercent(evidence.hitRate, 1)}{' '}
            <span className="study-evidence__interval">
              (95% interval {formatPercent(evidence.interval[0], 1)}–{formatPercent(evidence.interval[1], 1)})
            </span>
          </dd>
        </div>
        <div>
          <dt>Base rate</dt>
          <dd>{formatPercent(evidence.baseRate, 1)}</dd>
        </div>
        <div>
          <dt>Mean profit</dt>
          <dd>
            {profit(evidence.meanProfit)} {per}
          </dd>
        </div>
        <div>
          <dt>Worst</dt>
          <dd>
            {profit(evidence.worst)} {per}
          </dd>
        </div>
      </dl>
      {noTrade ? (
        <p className="study-evidence__why">
          <strong>Why no trade:</strong>{' '}
          {shortfall ? `history does not support one: ${shortfall}.` : 'no rule fired for these values.'}
        </p>
      ) : shortfall ? (
        <p className="study-evidence__why">Caution: {shortfall}.</p>
      ) : null}
    </section>
  );
}

/**
 * What an answer adds: India VIX's percentile, 'Considered and rejected: <name>' for a strategy weighed and
 * turned down, the evidence, and the strategy's legs and payoff.
 */
export default function StudyEvidence({
  answer,
  unit,
  noTrade,
  strategy,
}: {
  answer: EvidenceExtras & StrategyExtras;
  unit: 'points' | 'rupees';
  noTrade: boolean;
  strategy?: string | undefined;
}) {
  const rejected = answer.payoffStatus === 'rejected';
  const named = answer.payoffStrategy ?? strategy ?? '';
  const hasPayoff = (answer.payoff?.length ?? 0) > 0 || answer.legs?.some((leg) => leg.premium !== undefined);
  return (
    <>
      <VixPercentile percentile={answer.vixPercentile} />
      {rejected ? (
        <p className="study-rejected">
          <strong>Considered and rejected: {named}</strong>
        </p>
      ) : null}
      <EvidencePanel
        evidence={answer.evidence}
        unit={unit}
        noTrade={noTrade}
        title={rejected ? `Evidence for ${named} (rejected)` : 'Evidence'}
      />
      {hasPayoff && strategy !== undefined ? (
        <Suspense fallback={<p className="as-of">Loading the payoff chart...</p>}>
          <StrategyPayoff
            name={named}
            rejected={rejected}
            legs={answer.legs ?? []}
            payoff={answer.payoff ?? []}
            breakevens={answer.breakevens ?? []}
          />
        </Suspense>
      ) : null}
    </>
  );
}
