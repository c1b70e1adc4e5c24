import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api-error.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';

/** One numeric field of a study form: a label above a decimal input. */
export function NumberField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="study-form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type="number"
        inputMode="decimal"
        step="any"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

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
    <div className="study-form__field">
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

/**
 * The problem a visitor should read for a failed call: no market data, or input the server refused (its
 * message and each field's). Other failures are logged only, as the error catalogue says.
 */
export function problemOf(error: unknown): StudyProblem | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === marketDataNotLoadedCode) return { kind: 'not-loaded', message: error.message };
  if (error.status === 400) {
    const fields = error.fields ? Object.values(error.fields) : [];
    return { kind: 'invalid', message: fields.length > 0 ? fields.join(' ') : error.message };
  }
  return undefined;
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
