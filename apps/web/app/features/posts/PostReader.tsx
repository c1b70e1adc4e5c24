import { useEnglishSpeech } from '../../shared/use-english-speech.ts';
import { useHindiAudio } from './use-hindi-audio.ts';
import { type ReadingLanguage, useHindiTranslation } from './use-hindi-translation.ts';

const languages: { value: ReadingLanguage; label: React.ReactNode }[] = [
  { value: 'en', label: 'English' },
  {
    value: 'hi',
    label: (
      <>
        <span lang="hi">हिन्दी</span> (Hindi)
      </>
    ),
  },
];

/**
 * The English/Hindi reading choice and the two audio buttons of a post. One language speaks at a time;
 * pressing the speaking button stops it.
 */
export function PostReader({
  postId,
  text,
  hindi: version,
}: {
  postId: number;
  text: string;
  /** The operator's Hindi version of the post. */
  hindi?: string | undefined;
}) {
  const translation = useHindiTranslation(text, version);
  const reading = translation.reading;
  const english = useEnglishSpeech(text);
  const hindi = useHindiAudio(postId);

  return (
    <div className="post-reader">
      <fieldset className="post-reader__language">
        <legend>Read in</legend>
        {languages.map(({ value, label }) => (
          <label key={value}>
            <input
              type="radio"
              name="language"
              value={value}
              checked={translation.language === value}
              onChange={() => translation.choose(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="post-reader__audio">
        <button
          type="button"
          className="button"
          onClick={english.toggle}
          disabled={hindi.state !== 'idle'}
          aria-pressed={english.speaking}
        >
          {english.speaking ? 'Stop English Audio' : 'Play English Audio'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => hindi.toggle(reading?.hindiText ?? text)}
          disabled={english.speaking || hindi.state === 'generating'}
          aria-pressed={hindi.state === 'playing'}
        >
          {hindi.state === 'playing'
            ? 'Stop Hindi Audio'
            : hindi.state === 'generating'
              ? 'Generating Hindi Audio…'
              : 'Play Hindi Audio'}
        </button>
      </div>
      {translation.language === 'hi' && (
        <section className="post-reader__translation" aria-label="Hindi translation" aria-busy={!reading}>
          {reading ? reading.view : <p role="status">Translating…</p>}
        </section>
      )}
    </div>
  );
}
