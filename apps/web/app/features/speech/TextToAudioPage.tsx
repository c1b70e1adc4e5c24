import {
  type SpeechLanguage,
  speechDownloadName,
  speechLanguageOptions,
  speechTextMaxLength,
  textToAudioTexts,
} from '@hurryup/contracts/speech-rules';
import { useState } from 'react';
import { useAudioFile } from './use-audio-file.ts';
import { useBrowserSpeech } from './use-browser-speech.ts';

const isLanguage = (value: string): value is SpeechLanguage =>
  speechLanguageOptions.some((option) => option.value === value);

/**
 * /textToAudio (tools-and-trading.md "Text to audio"): a language select, a text area, 'Convert to File'
 * ('Converting...' while busy) made into an MP3 by the server, 'Play' / 'Stop' with the browser's speech,
 * and 'Download Audio' (output.mp3) once a file is ready.
 */
export function TextToAudioPage() {
  const [language, setLanguage] = useState<SpeechLanguage>('en');
  const [text, setText] = useState('');
  const file = useAudioFile();
  const speech = useBrowserSpeech();

  return (
    <section className="page page--tool text-to-audio" aria-labelledby="text-to-audio-heading">
      <h1 id="text-to-audio-heading">{textToAudioTexts.heading}</h1>
      <div className="text-to-audio__field">
        <label htmlFor="text-to-audio-language">{textToAudioTexts.languageLabel}</label>
        <select
          id="text-to-audio-language"
          name="lang"
          value={language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) setLanguage(event.target.value);
          }}
        >
          {speechLanguageOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="text-to-audio__field">
        <label htmlFor="text-to-audio-text">{textToAudioTexts.textLabel}</label>
        <textarea
          id="text-to-audio-text"
          name="text"
          rows={8}
          maxLength={speechTextMaxLength}
          placeholder={textToAudioTexts.placeholder}
          lang={language === 'hi' ? 'hi' : 'en'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="text-to-audio-count"
        />
        <p id="text-to-audio-count" className="text-to-audio__count">
          {text.length} / {speechTextMaxLength}
        </p>
      </div>
      <div className="text-to-audio__actions">
        <button
          type="button"
          className="button"
          onClick={() => file.convert(text, language)}
          disabled={file.converting}
          aria-busy={file.converting}
        >
          {file.converting ? textToAudioTexts.converting : textToAudioTexts.convert}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => speech.toggle(text, language)}
          aria-pressed={speech.speaking}
        >
          {speech.speaking ? textToAudioTexts.stop : textToAudioTexts.play}
        </button>
        {file.fileUrl ? (
          <a className="button" href={file.fileUrl} download={speechDownloadName}>
            {textToAudioTexts.download}
          </a>
        ) : null}
      </div>
    </section>
  );
}
