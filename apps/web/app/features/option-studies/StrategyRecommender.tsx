import type { Indicators } from '@hurryup/contracts/market';
import type { StrategyResponse } from '@hurryup/contracts/option-studies';
import {
  defaultStudyEvent,
  methodAnchors,
  strategyEventOptions,
  strategyFailure,
  studyFieldRules,
} from '@hurryup/contracts/option-study-rules';
import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { useNumberFields } from '../../shared/TradingNumberField.tsx';
import type { StrategyExtras } from './answer-extras.ts';
import {
  AnswerEvidence,
  EventSelect,
  failureOf,
  MethodsLink,
  NumberField,
  ProblemNote,
  problemAfter,
  type StudyProblem,
  StudyResult,
} from './StudyFields.tsx';
import { fieldText, type StudyLoad } from './study-load.ts';

type StrategyResult = Pick<StrategyResponse, 'strategy' | 'confidence' | 'reason'> & StrategyExtras;

const fieldRules = { nifty: studyFieldRules.nifty, rsi: studyFieldRules.rsi, vix: studyFieldRules.vix };
const fieldIds = { nifty: 'strategy-nifty', rsi: 'strategy-rsi', vix: 'strategy-vix' };

/** Whether a strategy name means no trade ('No Trade', 'No trade'). */
export const isNoTrade = (strategy: string) => /^no trade$/i.test(strategy.trim());

/**
 * The Strategy Recommender (/optionEdge): an Event select, NIFTY, RSI and VIX prefilled from the
 * indicators, 'Get Strategy', and the Strategy, Confidence and Reason panel.
 */
export function StrategyRecommender({ indicators }: { indicators: StudyLoad<Indicators> }) {
  const start = indicators.state === 'ok' ? indicators.data : undefined;
  const [event, setEvent] = useState<string>(defaultStudyEvent);
  const fields = useNumberFields(
    { nifty: fieldText(start?.nifty), rsi: fieldText(start?.rsi), vix: fieldText(start?.vix) },
    fieldRules,
    fieldIds,
  );
  const [result, setResult] = useState<StrategyResult>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem | undefined>(
    indicators.state === 'not-loaded' ? { kind: 'not-loaded', message: indicators.message } : undefined,
  );

  async function getStrategy() {
    // Nothing is sent that the visitor did not enter: an emptied or mistyped field says so beside it, and
    // the previous answer goes (decisions.md section 9).
    const values = await fields.check();
    if (!values) {
      setResult(undefined);
      setProblem(undefined);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      setResult(
        await callApiLazily(() => import('@hurryup/contracts/option-studies').then((c) => c.getStrategy), {
          body: { ...values, event },
        }),
      );
    } catch (error) {
      console.error('Strategy request failed', error);
      // Section 4: a failed request shows 'Error', confidence 0 and 'Failed to fetch strategy'.
      setResult(strategyFailure);
      setProblem(await problemAfter(failureOf(error), fields.showRefusal));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="strategy-heading">
      <h1 id="strategy-heading">OptionEdge – Strategy Recommender</h1>
      <TradingDisclaimer />
      <form
        noValidate
        className="trading-form"
        onSubmit={(e) => {
          e.preventDefault();
          void getStrategy();
        }}
      >
        <div className="trading-form__grid">
          <EventSelect id="strategy-event" value={event} options={strategyEventOptions} onChange={setEvent} />
          <NumberField
            id="strategy-nifty"
            label="NIFTY"
            value={fields.texts.nifty}
            problem={fields.problems.nifty}
            onChange={fields.set('nifty')}
          />
          <NumberField
            id="strategy-rsi"
            label="RSI"
            value={fields.texts.rsi}
            problem={fields.problems.rsi}
            onChange={fields.set('rsi')}
          />
          <NumberField
            id="strategy-vix"
            label="VIX"
            value={fields.texts.vix}
            problem={fields.problems.vix}
            onChange={fields.set('vix')}
          />
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
        >
          <AnswerEvidence
            answer={result}
            unit="rupees"
            noTrade={isNoTrade(result.strategy)}
            strategy={result.strategy}
          />
        </StudyResult>
      ) : null}
      <MethodsLink anchor={methodAnchors.strategy}>
        How the strategy and its confidence are chosen
      </MethodsLink>
    </section>
  );
}
