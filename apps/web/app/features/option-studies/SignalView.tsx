import type { Indicators } from '@hurryup/contracts/market';
import type { SignalResponse } from '@hurryup/contracts/option-studies';
import { methodAnchors, signalDefaults } from '@hurryup/contracts/option-study-rules';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import {
  MethodsLink,
  NumberField,
  ProblemNote,
  problemOf,
  type StudyProblem,
  StudyResult,
} from './StudyFields.tsx';
import { saveModeDeviceId as deviceId, existingDeviceId } from './save-mode-device.ts';
import { fieldText, type IndicatorTexts, numberOf, type StudyLoad } from './study-load.ts';

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
  const [texts, setTexts] = useState<IndicatorTexts>(() =>
    saveMode
      ? { nifty: '', rsi: '', vix: '', oiChange: '' }
      : indicators.state === 'ok'
        ? textsOf(indicators.data)
        : defaultTexts,
  );
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
    const showDefaults = () => {
      setTexts(defaultTexts);
      setSource('No saved values could be read; the fields hold the default values.');
    };
    const device = existingDeviceId();
    // A device without an id has saved nothing yet: nothing to ask for.
    if (!device) {
      showDefaults();
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
        if (!(error instanceof ApiError && error.status === 404))
          console.error('Saved indicators could not be read', error);
        showDefaults();
      }
    })();
    return () => controller.abort();
  }, [saveMode]);

  const set = (field: keyof IndicatorTexts) => (value: string) => setTexts((t) => ({ ...t, [field]: value }));

  async function getSignal() {
    const nifty = numberOf(texts.nifty);
    const rsi = numberOf(texts.rsi);
    const vix = numberOf(texts.vix);
    const oiChange = numberOf(texts.oiChange);
    // Section 5: the request is skipped when a value is missing.
    if (nifty === undefined || rsi === undefined || vix === undefined || oiChange === undefined) {
      setProblem({ kind: 'invalid', message: 'Fill in all four values to get a signal.' });
      return;
    }
    setBusy(true);
    setProblem(undefined);
    setSaved('');
    try {
      const body = { nifty, rsi, vix, oiChange };
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
      setProblem(problemOf(error));
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
        className="study-form"
        onSubmit={(event) => {
          event.preventDefault();
          void getSignal();
        }}
      >
        <div className="study-form__grid">
          <NumberField id="signal-nifty" label="Nifty" value={texts.nifty} onChange={set('nifty')} />
          <NumberField id="signal-rsi" label="RSI" value={texts.rsi} onChange={set('rsi')} />
          <NumberField id="signal-vix" label="India VIX" value={texts.vix} onChange={set('vix')} />
          <NumberField id="signal-oi" label="OI Change %" value={texts.oiChange} onChange={set('oiChange')} />
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
        </StudyResult>
      ) : null}
      <MethodsLink anchor={methodAnchors.signal}>How the signal and its confidence are computed</MethodsLink>
    </section>
  );
}
