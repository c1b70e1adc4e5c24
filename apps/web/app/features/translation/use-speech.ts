import { useState } from 'react';
import { useSpeechVoice } from '../../shared/use-speech-voice.ts';

export type SpeechLanguage = 'en-US' | 'hi-IN';

/**
 * One voice for the page, in either language (tools-and-trading.md sections 4 and 7): `toggle` reads a text
 * aloud with the browser's speech, and pressing play while speech is active cancels it instead.
 */
export function useSpeech() {
  const voice = useSpeechVoice();
  const [unsupported, setUnsupported] = useState(false);

  function toggle(text: string, lang: SpeechLanguage) {
    if (voice.active()) return voice.stop();
    if (!voice.speak(text, lang)) setUnsupported(true);
  }

  return { speaking: voice.speaking as SpeechLanguage | null, unsupported, toggle };
}
