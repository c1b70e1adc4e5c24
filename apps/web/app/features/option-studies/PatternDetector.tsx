import type { Indicators } from '@hurryup/contracts/market';
import type { PatternResponse } from '@hurryup/contracts/option-studies';
import {
  defaultStudyEvent,
  methodAnchors,
  patternDefaultOiChange,
  patternEventOptions,
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

/**
 * The Pattern Detector (/patternDetector): an Event select, OI Change %, NIFTY, RSI and VIX prefilled from
 * the indicators (OI change 1.4 when they have none), 'Detect Pattern', and the result panel.
 */
export function PatternDetector({ indicators }: { indicators: StudyLoad<Indicators> }) {
  const start = indicators.state === 'ok' ? indicators.data : undefined;
  const [event, setEvent] = useState<string>(defaultStudyEvent);
  const [oiChange, setOiChange] = useState(fieldText(start?.oiChange ?? patternDefaultOiChange));
  const [nifty, setNifty] = useState(fieldText(start?.nifty));
  const [rsi, setRsi] = useState(fieldText(start?.rsi));
  const [vix, setVix] = useState(fieldText(start?.vix));
  const [result, setResult] = useState<PatternResponse>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem | undefined>(
    indicators.state === 'not-loaded' ? { kind: 'not-loaded', message: indicators.message } : undefined,
  );

  async function detect() {
    setBusy(true);
    setProblem(undefined);
    try {
      setResult(
        await callApiLazily(() => import('@hurryup/contracts/option-studies').then((c) => c.detectPattern), {
          body: {
            event,
            nifty: Number(nifty),
            rsi: Number(rsi),
            vix: Number(vix),
            ...(oiChange.trim() === '' ? {} : { oiChange: Number(oiChange) }),
          },
        }),
      );
    } catch (error) {
      // The error catalogue: pattern failures are logged only (refused input or missing data is shown).
      console.error('Pattern request failed', error);
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="pattern-heading">
      <h1 id="pattern-heading">Pattern Detector AI</h1>
      <TradingDisclaimer />
      <form
        className="study-form"
        onSubmit={(e) => {
          e.preventDefault();
          void detect();
        }}
      >
        <div className="study-form__grid">
          <EventSelect id="pattern-event" value={event} options={patternEventOptions} onChange={setEvent} />
          <NumberField id="pattern-oi" label="OI Change %" value={oiChange} onChange={setOiChange} />
          <NumberField id="pattern-nifty" label="NIFTY" value={nifty} onChange={setNifty} />
          <NumberField id="pattern-rsi" label="RSI" value={rsi} onChange={setRsi} />
          <NumberField id="pattern-vix" label="VIX" value={vix} onChange={setVix} />
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
        />
      ) : null}
      <MethodsLink anchor={methodAnchors.patterns}>How patterns are found and counted</MethodsLink>
    </section>
  );
}
