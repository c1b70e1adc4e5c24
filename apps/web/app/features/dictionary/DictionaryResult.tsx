import type { DictionaryEntry } from '@hurryup/contracts/dictionary';
import { dictionaryMessages } from '@hurryup/contracts/dictionary-rules';
import { describeWordForm } from './word-form.ts';

/** The first meaning's first definition: what the original page showed, and what this one shows first. */
export function firstDefinition(entries: readonly DictionaryEntry[]): string | undefined {
  return entries[0]?.meanings[0]?.definitions[0]?.definition;
}

/** How many senses of a part of speech show at first; the rest open with 'more' (issue 27). */
export const sensesShown = 3;

type Sense = DictionaryEntry['meanings'][number]['definitions'][number];

function SenseItem({ sense }: { sense: Sense }) {
  return (
    <li>
      {sense.definition}
      {sense.example ? <q className="dictionary__example">{sense.example}</q> : null}
      {sense.synonyms.length > 0 ? (
        <p className="dictionary__synonyms">
          <span>Synonyms:</span> {sense.synonyms.join(', ')}
        </p>
      ) : null}
      {sense.antonyms.length > 0 ? (
        <p className="dictionary__synonyms">
          <span>Opposite:</span> {sense.antonyms.join(', ')}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A lookup's answer: the first definition prominent ('No definition found.' when the answer has none),
 * led by the word asked when it is a form of another ('went: past tense of go', word-form.ts), then each entry's senses
 * grouped by part of speech, the first few of each shown and the rest behind 'more'.
 */
export function DictionaryResult({
  entries,
  asked,
}: {
  entries: readonly DictionaryEntry[];
  asked?: string;
}) {
  const first = firstDefinition(entries);
  if (first === undefined) return <p className="dictionary__error">{dictionaryMessages.noDefinition}</p>;
  const typed = asked?.trim().toLowerCase();
  const baseEntry = entries.find((entry) => entry.word.toLowerCase() !== typed);
  const base = baseEntry?.word;
  const isForm = typed !== undefined && typed !== '' && !entries.some((e) => e.word.toLowerCase() === typed);
  return (
    <>
      {isForm && baseEntry && base ? (
        <p className="dictionary__form-of">
          <strong>{typed}</strong>:{' '}
          {describeWordForm(
            typed,
            base,
            baseEntry.meanings.map((meaning) => meaning.partOfSpeech),
          )}{' '}
          <strong>{base}</strong>
        </p>
      ) : null}
      <p className="dictionary__first">
        <span className="dictionary__headword">{entries[0]?.word}</span> {first}
      </p>
      {entries.map((entry, index) => (
        <article key={entry.word} className="dictionary__entry" aria-label={`Meanings of ${entry.word}`}>
          <h2>
            {entry.word}
            {index > 0 ? <span className="dictionary__base"> (base form)</span> : null}
          </h2>
          {entry.phonetic ? <p className="dictionary__phonetic">{entry.phonetic}</p> : null}
          {entry.meanings.map((meaning) => (
            <section key={meaning.partOfSpeech} className="dictionary__meaning">
              <h3>{meaning.partOfSpeech}</h3>
              <ol>
                {meaning.definitions.slice(0, sensesShown).map((sense, senseIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sense's place in its list is its identity
                  <SenseItem key={senseIndex} sense={sense} />
                ))}
              </ol>
              {meaning.definitions.length > sensesShown ? (
                <details className="dictionary__more">
                  <summary>
                    {meaning.definitions.length - sensesShown} more {meaning.partOfSpeech} meanings
                  </summary>
                  <ol start={sensesShown + 1}>
                    {meaning.definitions.slice(sensesShown).map((sense, senseIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a sense's place in its list is its identity
                      <SenseItem key={senseIndex} sense={sense} />
                    ))}
                  </ol>
                </details>
              ) : null}
            </section>
          ))}
        </article>
      ))}
    </>
  );
}
