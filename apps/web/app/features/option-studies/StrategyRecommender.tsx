import type { Indicators } from '@hurryup/contracts/market';
import type { StrategyResponse } from '@hurryup/contracts/option-studies';
import {
  defaultStudyEvent,
  methodAnchors,
  strategyEventOptions,
  strategyFailure,
} from '@hurryup/contracts/option-study-rules';
import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import {
  EventSelect,
  MethodsLink,
  NumberField,
  ProblemNote,
  problemOf,
  type StudyProblem,
  StudyResult,
} from './StudyFields.tsx';
import { fieldText, type StudyLoad } from './study-load.ts';

type StrategyResult = Pick<StrategyResponse, 'strategy' | 'confidence' | 'reason'>;

/**
 * The Strategy Recommender (/optionEdge): an Event select, NIFTY, RSI and VIX prefilled from the
 * indicators, 'Get Strategy', and the Strategy, Confidence and Reason panel.
 */
export function StrategyRecommender({ indicators }: { indicators: StudyLoad<Indicators> }) {
  const start = indicators.state === 'ok' ? indicators.data : undefined;
  const [event, setEvent] = useState<string>(defaultStudyEvent);
  const [nifty, setNifty] = useState(fieldText(start?.nifty));
  const [rsi, setRsi] = useState(fieldText(start?.rsi));
  const [vix, setVix] = useState(fieldText(start?.vix));
  const [result, setResult] = useState<StrategyResult>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem | undefined>(
    indicators.state === 'not-loaded' ? { kind: 'not-loaded', message: indicators.message } : undefined,
  );

  async function getStrategy() {
    setBusy(true);
    setProblem(undefined);
    try {
      // Section 5: the inputs are converted to numbers; the server checks them.
      setResult(
        await callApiLazily(() => import('@hurryup/contracts/option-studies').then((c) => c.getStrategy), {
          body: { nifty: Number(nifty), rsi: Number(rsi), vix: Number(vix), event },
        }),
      );
    } catch (error) {
      console.error('Strategy request failed', error);
      // Section 4: a failed request shows 'Error', confidence 0 and 'Failed to fetch strategy'.
      setResult(strategyFailure);
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="strategy-heading">
      <h1 id="strategy-heading">OptionEdge – Strategy Recommender</h1>
      <TradingDisclaimer />
      <form
        className="study-form"
        onSubmit={(e) => {
          e.preventDefault();
          void getStrategy();
        }}
      >
        <div className="study-form__grid">
          <EventSelect id="strategy-event" value={event} options={strategyEventOptions} onChange={setEvent} />
          <NumberField id="strategy-nifty" label="NIFTY" value={nifty} onChange={setNifty} />
          <NumberField id="strategy-rsi" label="RSI" value={rsi} onChange={setRsi} />
          <NumberField id="strategy-vix" label="VIX" value={vix} onChange={setVix} />
        </div>
        {start ? <p className="as-of">Prefilled from the close of {start.asOf}.</p> : null}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Analyzing...' : 'Get Strategy'}
        </button>
      </form>
      <ProblemNote problem={problem} />
      {result ? (
        <StudyResult
          figures={[
            ['Strategy', result.strategy],
            ['Confidence', `${result.confidence}%`],
          ]}
          reason={result.reason}
        />
      ) : null}
      <MethodsLink anchor={methodAnchors.strategy}>
        How the strategy and its confidence are chosen
      </MethodsLink>
    </section>
  );
}
