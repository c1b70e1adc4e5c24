import type { Indicators } from '@hurryup/contracts/market';
import type { SignalResponse } from '@hurryup/contracts/option-studies';
import { methodAnchors, signalDefaults, studyFieldRules } from '@hurryup/contracts/option-study-rules';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { useNumberFields } from '../../shared/TradingNumberField.tsx';
import type { EvidenceExtras } from './answer-extras.ts';
import {
  AnswerEvidence,
  failureOf,
  MethodsLink,
  NumberField,
  ProblemNote,
  problemAfter,
  type StudyProblem,
  StudyResult,
} from './StudyFields.tsx';
import { saveModeDeviceId as deviceId, existingDeviceId } from './save-mode-device.ts';
import { fieldText, type IndicatorTexts, type StudyLoad } from './study-load.ts';

const fieldIds = { nifty: 'signal-nifty', rsi: 'signal-rsi', vix: 'signal-vix', oiChange: 'signal-oi' };

/** What save mode says when this device has saved nothing yet (a first visit), and when a read failed. */
export const saveModeTexts = {
  nothingSaved:
    'Nothing is saved on this device yet: the fields hold the default values. Your values are saved after your first signal.',
  readFailed: 'Your saved values could not be read just now; the fields hold the default values.',
} as const;

const defaultTexts: IndicatorTexts = {
  nifty: fieldText(signalDefaults.nifty),
  rsi: fieldText(signalDefaults.rsi),
  vix: fieldText(signalDefaults.vix),
  oiChange: fieldText(signalDefaults.oiChange),
};

/** The fields from an indicators answer; oiChange, which needs open-interest data, falls back to 1.4. */
function textsOf(values: { nifty: number; rsi: number; vix: number; oiChange?: number | undefined }) {
  return {
    nifty: fieldText(values.nifty),
    rsi: fieldText(values.rsi),
    vix: fieldText(values.vix),
    oiChange: fieldText(values.oiChange ?? signalDefaults.oiChange),
  };
}

/**
 * The options assistant, signal view (/tradebot; /tradebot-save-9 or ?save=true in save mode): editable
 * Nifty, RSI, India VIX and OI Change % fields, 'Get Signal', and the result panel once a signal exists.
 */
export function SignalView({
  indicators,
  saveMode,
}: {
  indicators: StudyLoad<Indicators>;
  saveMode: boolean;
}) {
  const fields = useNumberFields<keyof IndicatorTexts>(
    () =>
      saveMode
        ? { nifty: '', rsi: '', vix: '', oiChange: '' }
        : indicators.state === 'ok'
          ? textsOf(indicators.data)
          : defaultTexts,
    studyFieldRules,
    fieldIds,
  );
  const { texts, setTexts, set } = fields;
  const [source, setSource] = useState(
    saveMode
      ? 'Loading your saved values...'
      : indicators.state === 'ok'
        ? `Prefilled from the close of ${indicators.data.asOf}.`
        : 'The latest values could not be read; the fields hold the default values.',
  );
  const [result, setResult] = useState<SignalResponse>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<StudyProblem | undefined>(
    indicators.state === 'not-loaded' ? { kind: 'not-loaded', message: indicators.message } : undefined,
  );
  const [saved, setSaved] = useState('');

  // Save mode starts from the values this device saved last (the defaults when there are none).
  useEffect(() => {
    if (!saveMode) return;
    const controller = new AbortController();
    const showDefaults = (why: string) => {
      setTexts(defaultTexts);
      setSource(why);
    };
    const device = existingDeviceId();
    // A device without an id has saved nothing yet: nothing to ask for.
    if (!device) {
      showDefaults(saveModeTexts.nothingSaved);
      return;
    }
    (async () => {
      try {
        const values = await callApiLazily(
          () => import('@hurryup/contracts/market').then((c) => c.getSavedIndicators),
          { query: { device_id: device } },
          { signal: controller.signal },
        );
        setTexts(textsOf(values));
        setSource(`Your values saved on ${values.savedAt.slice(0, 10)}.`);
      } catch (error) {
        if (controller.signal.aborted) return;
        // Nothing saved from this device yet (404) is expected; anything else is worth a log line.
        const nothingSaved = error instanceof ApiError && error.status === 404;
        if (!nothingSaved) console.error('Saved indicators could not be read', error);
        showDefaults(nothingSaved ? saveModeTexts.nothingSaved : saveModeTexts.readFailed);
      }
    })();
    return () => controller.abort();
  }, [saveMode, setTexts]);

  async function getSignal() {
    // Section 5: the request is skipped when a value is missing; each field says what is wrong with it, and
    // the previous signal goes, so no answer stands beside values it was not computed from.
    const body = await fields.check();
    setSaved('');
    if (!body) {
      setResult(undefined);
      setProblem(undefined);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/option-studies').then((c) => c.getSignal),
        { body },
      );
      setResult(answer);
      if (saveMode) {
        await callApiLazily(() => import('@hurryup/contracts/market').then((c) => c.saveIndicators), {
          body: { device_id: deviceId(), ...body },
        });
        setSaved('These four values are saved for your next visit.');
      }
    } catch (error) {
      // The error catalogue: a signal failure is logged only (a refused input or missing data is shown).
      console.error('Signal request failed', error);
      setResult(undefined);
      setProblem(await problemAfter(failureOf(error), fields.showRefusal));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page study" aria-labelledby="tradebot-heading">
      <h1 id="tradebot-heading">Options Assistant: Signal</h1>
      <TradingDisclaimer />
      {saveMode ? <p className="study-mode">Save mode: the values are saved after each signal.</p> : null}
      <form
        noValidate
        className="trading-form"
        onSubmit={(event) => {
          event.preventDefault();
          void getSignal();
        }}
      >
        <div className="trading-form__grid">
          <NumberField
            id="signal-nifty"
            label="Nifty"
            value={texts.nifty}
            problem={fields.problems.nifty}
            onChange={set('nifty')}
          />
          <NumberField
            id="signal-rsi"
            label="RSI"
            value={texts.rsi}
            problem={fields.problems.rsi}
            onChange={set('rsi')}
          />
          <NumberField
            id="signal-vix"
            label="India VIX"
            value={texts.vix}
            problem={fields.problems.vix}
            onChange={set('vix')}
          />
          <NumberField
            id="signal-oi"
            label="OI Change %"
            value={texts.oiChange}
            allowNegative
            problem={fields.problems.oiChange}
            onChange={set('oiChange')}
          />
        </div>
        <p className="as-of study-source" role="status">
          {source}
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Generating...' : 'Get Signal'}
        </button>
      </form>
      <ProblemNote problem={problem} />
      {result ? (
        <StudyResult
          figures={[
            ['Signal', result.signal],
            ['Confidence', `${result.confidence}%`],
          ]}
          reason={result.reason}
        >
          {saved ? <p className="as-of">{saved}</p> : null}
          <AnswerEvidence
            answer={result as EvidenceExtras}
            unit="points"
            noTrade={result.signal === 'HOLD'}
          />
        </StudyResult>
      ) : null}
      <MethodsLink anchor={methodAnchors.signal}>How the signal and its confidence are computed</MethodsLink>
    </section>
  );
}
