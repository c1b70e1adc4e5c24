import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { studyOtherFieldMessages } from '@hurryup/contracts/option-study-rules';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api-error.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import type { EvidenceExtras, StrategyExtras } from './answer-extras.ts';

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
export async function problemAfter(
  failure: StudyFailure,
  showRefusal: (
    fields: Record<string, string> | undefined,
    others?: Record<string, string>,
  ) => Promise<string[]>,
): Promise<StudyProblem | undefined> {
  if (!failure) return undefined;
  if (failure.kind === 'not-loaded') return failure;
  const other = await showRefusal(failure.fields, studyOtherFieldMessages);
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

/*
 * The evidence panels (and the strategy's payoff) load with the first answer that carries them: a page's
 * first load has no answer, and its JavaScript budget no room for them (decision 0019).
 */
const LazyEvidence = lazy(() => import('./StudyEvidence.tsx'));

/**
 * What an answer adds (issue 29), when it has it: India VIX's percentile, the evidence behind the answer
 * and, for a strategy, the legs and the payoff of what was weighed.
 */
export function AnswerEvidence({
  answer,
  unit,
  noTrade,
  strategy,
}: {
  answer: EvidenceExtras & StrategyExtras;
  unit: 'points' | 'rupees';
  noTrade: boolean;
  /** The strategy the answer names (strategy screen only). */
  strategy?: string;
}) {
  const has =
    answer.evidence !== undefined ||
    answer.vixPercentile !== undefined ||
    answer.payoffStatus !== undefined ||
    (answer.payoff?.length ?? 0) > 0;
  if (!has) return null;
  return (
    <Suspense fallback={<p className="as-of">Loading the evidence...</p>}>
      <LazyEvidence answer={answer} unit={unit} noTrade={noTrade} strategy={strategy} />
    </Suspense>
  );
}
