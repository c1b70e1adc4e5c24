import { translationMaxChars, translationMessages } from '@hurryup/contracts/translation-rules';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { useSpeech } from './use-speech.ts';

export const translatorTexts = {
  translate: 'Translate',
  translating: 'Translating...',
  playEnglish: 'Play English Audio',
  playHindi: 'Play Hindi Audio',
  noSpeech: 'This browser cannot read text aloud.',
} as const;

/**
 * What the page says when a translation fails (tools-and-trading.md section 8): the server's message when it
 * sent one, 'Translation API error occurred.' for another refusal, 'An unexpected error occurred.' when no
 * answer came (network, time limit).
 */
export function translationFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return error.code ? error.message : translationMessages.apiError;
  }
  return translationMessages.unexpected;
}

/** The English to Hindi translator: English in, Hindi out, both readable aloud with the browser's voice. */
export function EnglishToHindi() {
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const speech = useSpeech();

  async function translate(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (input.trim() === '') return setMessage(translationMessages.empty);
    if (input.length > translationMaxChars) return setMessage(translationMessages.tooLong);
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/language').then((contract) => contract.translateText),
        { body: { text: input } },
        { timeoutMs: 60_000 },
      );
      const translated = answer.translatedText.trim();
      setOutput(translated);
      if (!translated) setMessage(translationMessages.emptyResult);
    } catch (error) {
      console.error('Translation failed', error);
      setOutput('');
      setMessage(translationFailure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="page page--tool translator">
      <h1>English to Hindi Translator</h1>
      <p>Type or paste English text, translate it into Hindi, and listen to either version.</p>
      <form className="translator__form" onSubmit={translate} noValidate>
        <div className="translator__field">
          <label htmlFor="translator-input">English text</label>
          <textarea
            id="translator-input"
            name="text"
            lang="en"
            rows={7}
            maxLength={translationMaxChars}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby="translator-message"
          />
        </div>
        <div className="translator__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? translatorTexts.translating : translatorTexts.translate}
          </button>
          <button
            type="button"
            className="button"
            disabled={input.trim() === ''}
            aria-pressed={speech.speaking === 'en-US'}
            onClick={() => speech.toggle(input, 'en-US')}
          >
            {translatorTexts.playEnglish}
          </button>
        </div>
        <p id="translator-message" className="translator__message" role="status">
          {message ?? (speech.unsupported ? translatorTexts.noSpeech : '')}
        </p>
        <div className="translator__field">
          <label htmlFor="translator-output">Hindi translation</label>
          <textarea id="translator-output" name="translation" lang="hi" rows={7} readOnly value={output} />
        </div>
        <div className="translator__actions">
          <button
            type="button"
            className="button"
            disabled={output.trim() === ''}
            aria-pressed={speech.speaking === 'hi-IN'}
            onClick={() => speech.toggle(output, 'hi-IN')}
          >
            {translatorTexts.playHindi}
          </button>
        </div>
      </form>
    </article>
  );
}
