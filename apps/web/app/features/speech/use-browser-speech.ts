import { browserSpeechLanguage, type SpeechLanguage, speechMessages } from '@hurryup/contracts/speech-rules';
import { useEffect, useRef, useState } from 'react';

/**
 * Play / Stop with the browser's own speech (tools-and-trading.md sections 4, 7 and 9): en-US or hi-IN,
 * pressing again stops it, and the state returns to idle when the speech ends.
 */
export function useBrowserSpeech() {
  const [speaking, setSpeaking] = useState(false);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(
    () => () => {
      if (utterance.current) window.speechSynthesis?.cancel();
    },
    [],
  );

  function stop() {
    utterance.current = null;
    window.speechSynthesis?.cancel();
    setSpeaking(false);
  }

  function toggle(text: string, language: SpeechLanguage) {
    if (speaking) return stop();
    if (text.trim() === '') {
      window.alert(speechMessages.emptyPlay);
      return;
    }
    const speech = window.speechSynthesis;
    if (!speech || typeof SpeechSynthesisUtterance === 'undefined') {
      window.alert(speechMessages.noBrowserSpeech);
      return;
    }
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = browserSpeechLanguage[language];
    // A cancelled utterance may still report its end later; only the current one may reset the state.
    const finish = () => {
      if (utterance.current !== spoken) return;
      utterance.current = null;
      setSpeaking(false);
    };
    spoken.onend = finish;
    spoken.onerror = finish;
    speech.cancel();
    utterance.current = spoken;
    speech.speak(spoken);
    setSpeaking(true);
  }

  return { speaking, toggle, stop };
}
