import type { FedAlert as FedAlertAnswer } from '@hurryup/contracts/event-studies';
import { eventMethodAnchors, eventStudyTexts } from '@hurryup/contracts/event-study-rules';
import { useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { notLoadedMessage } from './api-failure.ts';
import { MethodLink } from './MethodLink.tsx';

type Alert = Extract<FedAlertAnswer, { status: 'alert' }>;

/** Fed Day Alert System (/liveAlert): an alert before a US Fed decision from NIFTY's past reactions. */
export function FedAlert() {
  const [premium, setPremium] = useState(true);
  const [loading, setLoading] = useState(false);
  const [alert, setAlert] = useState<Alert | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [notLoaded, setNotLoaded] = useState<string | undefined>();

  async function generate() {
    setLoading(true);
    setAlert(undefined);
    setMessage(undefined);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/event-studies').then((c) => c.generateFedAlert),
        { query: { premium: premium ? 'true' : 'false' } },
      );
      setNotLoaded(undefined);
      if (answer.status === 'no_alert') setMessage(`❌ ${answer.reason}`);
      else setAlert(answer);
    } catch (failure) {
      const notLoadedText = notLoadedMessage(failure);
      if (notLoadedText) setNotLoaded(notLoadedText);
      else setMessage(eventStudyTexts.alertFailed);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page event-page" aria-labelledby="fed-heading">
      <h1 id="fed-heading">Fed Day Alert System</h1>
      <TradingDisclaimer />
      <p>
        Generates a trading alert before US Fed decision events from past data: how NIFTY moved in the India
        session after earlier decisions.
      </p>
      <MethodLink anchor={eventMethodAnchors.fedAlert}>How the alert is computed</MethodLink>
      <div className="trading-controls">
        <label className="trading-check">
          <input type="checkbox" checked={premium} onChange={(e) => setPremium(e.target.checked)} /> Send via
          WhatsApp (Premium)
        </label>
        <button type="button" className="button" onClick={() => void generate()} disabled={loading}>
          {loading ? 'Generating...' : 'Generate Fed Alert'}
        </button>
      </div>
      {message && (
        <p className="status" role="status">
          {message}
        </p>
      )}
      {notLoaded && <MarketDataNotLoaded message={notLoaded} />}
      {alert && (
        <div className="event-result trading-card" role="status">
          <h2>Alert Preview</h2>
          <dl className="event-alert">
            <dt>Event</dt>
            <dd>{alert.event}</dd>
            <dt>Confidence</dt>
            <dd>{alert.confidence}%</dd>
            <dt>Action</dt>
            <dd>{alert.suggested_action}</dd>
            <dt>Reason</dt>
            <dd>{alert.reasoning}</dd>
          </dl>
          {alert.sent && <p className="event-alert__sent">✅ WhatsApp sent</p>}
        </div>
      )}
    </section>
  );
}
