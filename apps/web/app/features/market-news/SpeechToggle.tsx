import { useEnglishSpeech } from '../../shared/use-english-speech.ts';

/**
 * Play/Stop for reading `text` aloud in en-US: 'Stop' (in red) while speaking, back to 'Play' when speech
 * ends by itself or is stopped; disabled (and grey) when there is no text.
 */
export function SpeechToggle({ text, label }: { text: string; label: string }) {
  const speech = useEnglishSpeech(text);
  const empty = text.trim() === '';
  return (
    <button
      type="button"
      className={`button speech-toggle${speech.speaking ? ' speech-toggle--stop' : ''}`}
      onClick={speech.toggle}
      disabled={empty}
      aria-pressed={speech.speaking}
      aria-label={`${speech.speaking ? 'Stop' : 'Play'} ${label}`}
    >
      {speech.speaking ? 'Stop' : 'Play'}
    </button>
  );
}
