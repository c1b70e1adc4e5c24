import { browserSpeechLanguage, type SpeechLanguage, speechMessages } from '@hurryup/contracts/speech-rules';
import { useSpeechVoice } from '../../shared/use-speech-voice.ts';

/**
 * Play / Stop with the browser's own speech (tools-and-trading.md sections 4, 7 and 9): en-US or hi-IN,
 * pressing again stops it, and the state returns to idle when the speech ends.
 */
export function useBrowserSpeech() {
  const voice = useSpeechVoice();

  function toggle(text: string, language: SpeechLanguage) {
    if (voice.active()) return voice.stop();
    if (text.trim() === '') {
      window.alert(speechMessages.emptyPlay);
      return;
    }
    if (!voice.speak(text, browserSpeechLanguage[language])) window.alert(speechMessages.noBrowserSpeech);
  }

  return { speaking: voice.speaking !== null, toggle, stop: voice.stop };
}
