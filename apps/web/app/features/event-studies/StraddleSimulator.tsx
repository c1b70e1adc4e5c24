import {
  eventMethodAnchors,
  eventStudyTexts,
  straddleDefaults,
  straddleFieldRules,
  yearsOutOfOrder,
} from '@hurryup/contracts/event-study-rules';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { TradingNumberField, useNumberFields } from '../../shared/TradingNumberField.tsx';
import { notLoadedMessage, refusedFields } from './api-failure.ts';
import { MethodLink } from './MethodLink.tsx';
import type { StraddleAnswer } from './straddle-extras.ts';

/** The results (figures, baseline, chart) load with the first answer: the page's first load has none. */
const StraddleResults = lazy(() => import('./StraddleResults.tsx'));

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
    const body = await fields.check();
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
        const other = refused ? await fields.showRefusal(refused) : [];
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
          <Suspense fallback={<p className="as-of">Loading the results...</p>}>
            <StraddleResults result={result.answer} gap={result.gap} />
          </Suspense>
        ))}
    </section>
  );
}
