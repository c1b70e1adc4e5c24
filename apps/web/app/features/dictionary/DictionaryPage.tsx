import type { DictionaryEntry } from '@hurryup/contracts/dictionary';
import {
  dictionaryMessages,
  dictionaryWordMaxLength,
  dictionaryWordProblem,
} from '@hurryup/contracts/dictionary-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';
import { DictionaryResult } from './DictionaryResult.tsx';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'found'; entries: DictionaryEntry[]; word: string }
  | { kind: 'failed'; text: string };

/** What a failed lookup says: the specification's 'Word not found' for any non-OK answer of the dictionary. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return dictionaryMessages.notFound;
  if (error instanceof ApiError && error.status === 400) return error.fields?.word ?? error.message;
  if (error instanceof ApiError && error.status === 429) return error.message;
  return dictionaryMessages.failed;
}

/**
 * /dict (tools-and-trading.md "Dictionary"): a word, 'Fetch Meaning', and in the result area the first
 * meaning's first definition, then every sense by part of speech with its examples and synonyms.
 */
export function DictionaryPage() {
  const [word, setWord] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const latest = useRef(0);

  async function lookUp(typed: string) {
    const problem = dictionaryWordProblem(typed);
    if (problem) {
      setLookup({ kind: 'failed', text: problem });
      return;
    }
    const ticket = ++latest.current;
    setLookup({ kind: 'looking' });
    // The address names the word, so a lookup can be shared, reloaded or opened from a link.
    const address = new URL(window.location.href);
    address.searchParams.set('word', typed.trim());
    window.history.replaceState(window.history.state, '', address);
    try {
      const entries = await callApiLazily(
        () => import('@hurryup/contracts/dictionary').then((c) => c.lookUpWord),
        { params: { word: typed.trim() } },
      );
      if (ticket === latest.current) setLookup({ kind: 'found', entries, word: typed.trim() });
    } catch (error) {
      if (ticket === latest.current) setLookup({ kind: 'failed', text: failureText(error) });
    }
  }

  // `/dict?word=ran` (a shared link, or the form sent before the page's script ran) looks the word up.
  const lookUpOnce = useRef(lookUp);
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('word');
    if (asked === null || asked.trim() === '') return;
    setWord(asked);
    void lookUpOnce.current(asked);
  }, []);

  function fetchMeaning(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void lookUp(word);
  }

  return (
    <section className="page page--tool dictionary" aria-labelledby="dictionary-heading">
      <h1 id="dictionary-heading">Dictionary</h1>
      <p className="page__lede">
        Meanings, examples and synonyms of English words and phrases, from WordNet. Forms such as "ran" or
        "mice" find their base word.
      </p>
      <form className="dictionary__form" action="/dict" method="get" onSubmit={fetchMeaning} noValidate>
        <label htmlFor="dictionary-word">Word</label>
        <div className="dictionary__row">
          <input
            id="dictionary-word"
            name="word"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={dictionaryWordMaxLength}
            value={word}
            onChange={(event) => setWord(event.target.value)}
            aria-describedby="dictionary-result"
          />
          <button type="submit" className="button" disabled={lookup.kind === 'looking'}>
            Fetch Meaning
          </button>
        </div>
      </form>
      <div id="dictionary-result" className="dictionary__result" role="status" aria-live="polite">
        {lookup.kind === 'idle' ? (
          <p className="dictionary__placeholder">{dictionaryMessages.placeholder}</p>
        ) : null}
        {lookup.kind === 'looking' ? (
          <p className="dictionary__placeholder">Looking up "{word.trim()}"...</p>
        ) : null}
        {lookup.kind === 'failed' ? <p className="dictionary__error">{lookup.text}</p> : null}
        {lookup.kind === 'found' ? <DictionaryResult entries={lookup.entries} asked={lookup.word} /> : null}
      </div>
    </section>
  );
}
