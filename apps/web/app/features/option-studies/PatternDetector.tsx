import type { Indicators } from '@hurryup/contracts/market';
import type { PatternResponse } from '@hurryup/contracts/option-studies';
import {
  defaultStudyEvent,
  methodAnchors,
  patternDefaultOiChange,
  patternEventOptions,
  studyFieldRules,
} from '@hurryup/contracts/option-study-rules';
import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { useNumberFields } from '../../shared/TradingNumberField.tsx';
import type { EvidenceExtras } from './answer-extras.ts';
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

const fieldIds = { oiChange: 'pattern-oi', nifty: 'pattern-nifty', rsi: 'pattern-rsi', vix: 'pattern-vix' };
const fieldRules = {
  oiChange: studyFieldRules.oiChange,
  nifty: studyFieldRules.nifty,
  rsi: studyFieldRules.rsi,
  vix: studyFieldRules.vix,
};

/**
 * The Pattern Detector (/patternDetector): an Event select, OI Change %, NIFTY, RSI and VIX prefilled from
 * the indicators (OI change 1.4 when they have none), 'Detect Pattern', and the result panel.
 */
export function PatternDetector({ indicators }: { indicators: StudyLoad<Indicators> }) {
  const start = indicators.state === 'ok' ? indicators.data : undefined;
  const [event, setEvent] = useState<string>(defaultStudyEvent);
  const fields = useNumberFields(
    {
      oiChange: fieldText(start?.oiChange ?? patternDefaultOiChange),
      nifty: fieldText(start?.nifty),
      rsi: fieldText(start?.rsi),
      vix: fieldText(start?.vix),
    },
    fieldRules,
    fieldIds,
  );
  const [result, setResult] = useState<PatternResponse>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem | undefined>(
    indicators.state === 'not-loaded' ? { kind: 'not-loaded', message: indicators.message } : undefined,
  );

  async function detect() {
    // Every field is checked before anything is sent; a new problem clears the previous answer.
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
        await callApiLazily(() => import('@hurryup/contracts/option-studies').then((c) => c.detectPattern), {
          body: { event, ...values },
        }),
      );
    } catch (error) {
      // The error catalogue: pattern failures are logged only (refused input or missing data is shown).
      console.error('Pattern request failed', error);
      setResult(undefined);
      setProblem(await problemAfter(failureOf(error), fields.showRefusal));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="pattern-heading">
      <h1 id="pattern-heading">Pattern Detector AI</h1>
      <TradingDisclaimer />
      <form
        noValidate
        className="trading-form"
        onSubmit={(e) => {
          e.preventDefault();
          void detect();
        }}
      >
        <div className="trading-form__grid">
          <EventSelect id="pattern-event" value={event} options={patternEventOptions} onChange={setEvent} />
          <NumberField
            id="pattern-oi"
            label="OI Change %"
            allowNegative
            value={fields.texts.oiChange}
            problem={fields.problems.oiChange}
            onChange={fields.set('oiChange')}
          />
          <NumberField
            id="pattern-nifty"
            label="NIFTY"
            value={fields.texts.nifty}
            problem={fields.problems.nifty}
            onChange={fields.set('nifty')}
          />
          <NumberField
            id="pattern-rsi"
            label="RSI"
            value={fields.texts.rsi}
            problem={fields.problems.rsi}
            onChange={fields.set('rsi')}
          />
          <NumberField
            id="pattern-vix"
            label="VIX"
            value={fields.texts.vix}
            problem={fields.problems.vix}
            onChange={fields.set('vix')}
          />
        </div>
        {start ? <p className="as-of">Prefilled from the close of {start.asOf}.</p> : null}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Analyzing...' : 'Detect Pattern'}
        </button>
      </form>
      <ProblemNote problem={problem} />
      {result ? (
        <StudyResult
          figures={[
            ['Pattern', result.pattern],
            ['Signal', result.signal],
            ['Confidence', `${result.confidence}%`],
          ]}
          reason={result.reason}
        >
          <AnswerEvidence
            answer={result as EvidenceExtras}
            unit="points"
            noTrade={result.signal === 'HOLD'}
          />
        </StudyResult>
      ) : null}
      <MethodsLink anchor={methodAnchors.patterns}>How patterns are found and counted</MethodsLink>
    </section>
  );
}
