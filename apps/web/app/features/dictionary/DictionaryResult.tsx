import type { DictionaryEntry } from '@hurryup/contracts/dictionary';
import { dictionaryMessages } from '@hurryup/contracts/dictionary-rules';

/** The first meaning's first definition: what the original page showed, and what this one shows first. */
export function firstDefinition(entries: readonly DictionaryEntry[]): string | undefined {
  return entries[0]?.meanings[0]?.definitions[0]?.definition;
}

/**
 * A lookup's answer: the first definition prominent ('No definition found.' when the answer has none),
 * then each entry's senses grouped by part of speech, with examples and synonyms.
 */
export function DictionaryResult({ entries }: { entries: readonly DictionaryEntry[] }) {
  const first = firstDefinition(entries);
  if (first === undefined) return <p className="dictionary__error">{dictionaryMessages.noDefinition}</p>;
  return (
    <>
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
                {meaning.definitions.map((sense, senseIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sense's place in its list is its identity
                  <li key={senseIndex}>
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
                ))}
              </ol>
            </section>
          ))}
        </article>
      ))}
    </>
  );
}
