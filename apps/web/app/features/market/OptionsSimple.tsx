import type { OptionSuggestion } from '@hurryup/contracts/market';
import { MarketDataNotLoaded } from '../../shared/MarketDataNotLoaded.tsx';
import { TradingDisclaimer } from '../../shared/TradingDisclaimer.tsx';
import { formatLevel, type MarketLoad } from './market-load.ts';

/**
 * The rule behind the suggestion without its internal id ("no-edge: RSI 55.0 and India VIX 13.0 match no
 * rule…" → "RSI 55.0 and India VIX 13.0 match no rule…"): visitors read the values, not our names for rules.
 */
export function ruleInWords(rule: string): string {
  const text = rule.replace(/^[a-z]+(-[a-z]+)*:\s*/, '');
  return text.length > 0 ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : text;
}

/** The options assistant, simple view (/volat): Nifty, RSI, VIX and the rule-based suggestion. */
export function OptionsSimple({ load }: { load: MarketLoad<OptionSuggestion> }) {
  return (
    <section className="page" aria-labelledby="volat-heading">
      <h1 id="volat-heading">Options Assistant</h1>
      <TradingDisclaimer />
      {load.state === 'not-loaded' ? (
        <MarketDataNotLoaded message={load.message} />
      ) : load.state === 'failed' ? (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      ) : load.state === 'unreachable' ? (
        <p className="status status--error" role="alert">
          Failed to fetch data. Please try again.
        </p>
      ) : (
        <>
          <dl className="market-figures">
            <div>
              <dt>Nifty</dt>
              <dd>{formatLevel(load.data.nifty)}</dd>
            </div>
            <div>
              <dt>RSI</dt>
              <dd>{load.data.rsi.toFixed(2)}</dd>
            </div>
            <div>
              <dt>VIX</dt>
              <dd>{load.data.vix.toFixed(2)}</dd>
            </div>
          </dl>
          <h2>Suggestion</h2>
          <p className="market-suggestion">{load.data.suggestion}</p>
          <p className="market-why">
            <strong>Why:</strong> {ruleInWords(load.data.rule)}
          </p>
          <p className="as-of">From the close of {load.data.asOf}.</p>
        </>
      )}
    </section>
  );
}
