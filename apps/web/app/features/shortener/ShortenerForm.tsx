import type { ShortenAnswer } from '@hurryup/contracts/shortener';
import {
  aliasMaxLength,
  longUrlMaxLength,
  type ShortenerFieldErrors,
  shortenerMessages,
  shortenerTexts,
  shortenFieldErrors,
} from '@hurryup/contracts/shortener-rules';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { useSite } from '../../shared/use-site.ts';
import { ShortLinkResult } from './ShortLinkResult.tsx';

/** What the page shows for a refused request. */
export interface Refusal {
  /** The specification's alert, shown with `window.alert`. */
  alert: string;
  /** The server's more specific reason (an alias taken, the hourly limit), shown inline beside the form. */
  detail: string;
  /** Each refused field's reason, shown by the field. */
  fields: ShortenerFieldErrors;
}

/**
 * The page's answer to a refused request (tools-and-trading.md sections 5 and 8): the alert 'Please enter
 * a valid URL.' when the server refused the URL (its reason by the field), and for any other failure the
 * alert 'Error shortening URL. Please try again.', with the server's own message, when it sent one (an
 * alias taken, the hourly limit), kept inline once: by its field when it is about one (`fields`), else
 * below the buttons (`detail`), never in both places (issue 27).
 */
export function refusal(error: unknown): Refusal {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.fields) {
    const { longUrl, alias } = error.fields;
    if (longUrl) return { alert: shortenerMessages.invalidUrl, detail: '', fields: { longUrl, alias } };
    if (alias) return { alert: shortenerMessages.failed, detail: '', fields: { alias } };
  }
  if (error instanceof ApiError && (error.status === 409 || error.status === 429) && error.message)
    return { alert: shortenerMessages.failed, detail: error.message, fields: {} };
  return { alert: shortenerMessages.failed, detail: '', fields: {} };
}

/**
 * The URL shortener (tools-and-trading.md "URL shortener", issue 21 item 6): a long URL, an optional alias,
 * 'Shorten' and 'Clear', then the short link with Copy and its QR code. Checked here with the server's
 * rules (shortener-rules.ts) before anything is sent. The specification's alerts ('Please enter a valid
 * URL.', 'Error shortening URL. Please try again.') are browser alerts, as on the rest of the site; the
 * reason behind them stays on the page: by the field, or inline below the buttons (the server's message).
 */
export function ShortenerForm() {
  const site = useSite();
  const [longUrl, setLongUrl] = useState('');
  const [alias, setAlias] = useState('');
  const [errors, setErrors] = useState<ShortenerFieldErrors>({});
  const [detail, setDetail] = useState('');
  const [result, setResult] = useState<ShortenAnswer | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = shortenFieldErrors({ longUrl, alias }, new URL(site.baseUrl).hostname);
    setErrors(found);
    setResult(undefined);
    if (found.longUrl) {
      setDetail('');
      window.alert(shortenerMessages.invalidUrl);
      return;
    }
    // A refused alias is not one of the specification's alerts: its message stays on the page, by its field.
    if (found.alias) {
      setDetail('');
      return;
    }
    setDetail('');
    setBusy(true);
    try {
      const trimmedAlias = alias.trim();
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/shortener').then((c) => c.shortenUrl),
        {
          body: { longUrl: longUrl.trim(), ...(trimmedAlias ? { alias: trimmedAlias } : {}) },
        },
      );
      setResult(answer);
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.fields);
      setDetail(refused.detail);
      window.alert(refused.alert);
    } finally {
      setBusy(false);
    }
  }

  function clear() {
    setLongUrl('');
    setAlias('');
    setErrors({});
    setDetail('');
    setResult(undefined);
  }

  return (
    <>
      <form className="shortener-form" onSubmit={submit} noValidate>
        <div className="shortener-form__field">
          <label htmlFor="shortener-long-url">{shortenerTexts.longUrlLabel}</label>
          <input
            id="shortener-long-url"
            name="longUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            maxLength={longUrlMaxLength * 2}
            placeholder={shortenerTexts.longUrlPlaceholder}
            value={longUrl}
            onChange={(event) => setLongUrl(event.target.value)}
            aria-invalid={errors.longUrl ? true : undefined}
            aria-describedby={errors.longUrl ? 'shortener-long-url-error' : undefined}
          />
          {errors.longUrl ? (
            <p id="shortener-long-url-error" className="shortener-form__error">
              {errors.longUrl}
            </p>
          ) : null}
        </div>
        <div className="shortener-form__field">
          <label htmlFor="shortener-alias">{shortenerTexts.aliasLabel}</label>
          <input
            id="shortener-alias"
            name="alias"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={aliasMaxLength * 2}
            placeholder={shortenerTexts.aliasPlaceholder}
            value={alias}
            onChange={(event) => setAlias(event.target.value)}
            aria-invalid={errors.alias ? true : undefined}
            aria-describedby={`shortener-alias-hint${errors.alias ? ' shortener-alias-error' : ''}`}
          />
          <p id="shortener-alias-hint" className="shortener-form__hint">
            {shortenerTexts.aliasHint}
          </p>
          {errors.alias ? (
            <p id="shortener-alias-error" className="shortener-form__error">
              {errors.alias}
            </p>
          ) : null}
        </div>
        <div className="shortener-form__buttons">
          <button type="submit" className="button" disabled={busy}>
            {busy ? shortenerTexts.shortening : shortenerTexts.shorten}
          </button>
          <button type="button" className="button shortener-button--plain" onClick={clear}>
            {shortenerTexts.clear}
          </button>
        </div>
        <p className="shortener-form__alert" role="alert">
          {detail}
        </p>
      </form>
      {result ? <ShortLinkResult {...result} /> : null}
    </>
  );
}
