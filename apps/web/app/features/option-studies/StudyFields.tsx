import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { studyOtherFieldMessages } from '@hurryup/contracts/option-study-rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api-error.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { formatPercent, formatSignedNumber, formatSignedRupees } from '../../shared/trading-format.ts';
import type { Evidence } from './answer-extras.ts';

/** One numeric field of a study form: a label above a text input, and its problem in words. */
export { TradingNumberField as NumberField } from '../../shared/TradingNumberField.tsx';

/** The Event select of the strategy and pattern screens. */
export function EventSelect({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <div className="trading-field">
      <label htmlFor={id}>Event</label>
      <select id={id} name="event" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What a failed study call leaves on screen besides the specification's own state. */
export type StudyProblem = { kind: 'not-loaded'; message: string } | { kind: 'invalid'; message: string };

/** Why a study call failed, as far as a visitor should know: no market data, or values the server refused. */
export type StudyFailure =
  | { kind: 'not-loaded'; message: string }
  | { kind: 'refused'; fields: Record<string, string> | undefined }
  | undefined;

/** Other failures are logged only, as the error catalogue says (undefined). */
export function failureOf(error: unknown): StudyFailure {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === marketDataNotLoadedCode) return { kind: 'not-loaded', message: error.message };
  if (error.status === 400) return { kind: 'refused', fields: error.fields };
  return undefined;
}

/**
 * Shows a failure: the 'not loaded' note, or the refused fields beside each field in its own words (the
 * server's messages name body fields, "rsi must be between 0 and 100."; visitors read "RSI must be between 0
 * and 100"). Gives the problem to show under the form, if any.
 */
export function problemAfter(
  failure: StudyFailure,
  showRefusal: (fields: Record<string, string> | undefined, others?: Record<string, string>) => string[],
): StudyProblem | undefined {
  if (!failure) return undefined;
  if (failure.kind === 'not-loaded') return failure;
  const other = showRefusal(failure.fields, studyOtherFieldMessages);
  if (other.length > 0) return { kind: 'invalid', message: other.join(' ') };
  return failure.fields && Object.keys(failure.fields).length > 0
    ? undefined
    : { kind: 'invalid', message: 'These values could not be used. Check them and try again.' };
}

export function ProblemNote({ problem }: { problem: StudyProblem | undefined }) {
  if (!problem) return null;
  if (problem.kind === 'not-loaded') return <MarketDataNotLoaded message={problem.message} />;
  return (
    <p className="status status--error" role="alert">
      {problem.message}
    </p>
  );
}

/** A link to this screen's section of the methods page. */
export function MethodsLink({ anchor, children }: { anchor: string; children: string }) {
  return (
    <p className="study-methods-link">
      <Link to={`/trading-methods#${anchor}`}>{children}</Link>
    </p>
  );
}

/** A study's answer: its figures (label, value), then the rule and data behind it. */
export function StudyResult({
  figures,
  reason,
  children,
}: {
  figures: readonly (readonly [label: string, value: string])[];
  reason: string;
  children?: ReactNode;
}) {
  return (
    <div className="study-result" role="status" aria-live="polite">
      <dl className="market-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="study-result__reason">
        <strong>Reason:</strong> {reason}
      </p>
      {children}
    </div>
  );
}

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
