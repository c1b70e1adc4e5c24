import { useEffect, useRef, useState } from 'react';

export type SpeechLanguage = 'en-US' | 'hi-IN';

/**
 * One voice for the page, in either language (tools-and-trading.md sections 4 and 7): `toggle` reads a text
 * aloud with the browser's speech, and pressing play while speech is active cancels it instead.
 */
export function useSpeech() {
  const [speaking, setSpeaking] = useState<SpeechLanguage | null>(null);
  const [unsupported, setUnsupported] = useState(false);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(
    () => () => {
      if (utterance.current) window.speechSynthesis?.cancel();
    },
    [],
  );

  function toggle(text: string, lang: SpeechLanguage) {
    const speech = typeof window === 'undefined' ? undefined : window.speechSynthesis;
    if (utterance.current) {
      utterance.current = null;
      speech?.cancel();
      setSpeaking(null);
      return;
    }
    if (!speech || typeof SpeechSynthesisUtterance === 'undefined') {
      setUnsupported(true);
      return;
    }
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = lang;
    const voice = speech.getVoices().find((v) => v.lang.replace('_', '-') === lang);
    if (voice) spoken.voice = voice;
    // A cancelled utterance may still report its end later; only the current one may reset the state.
    const finish = () => {
      if (utterance.current !== spoken) return;
      utterance.current = null;
      setSpeaking(null);
    };
    spoken.onend = finish;
    spoken.onerror = finish;
    speech.cancel();
    utterance.current = spoken;
    speech.speak(spoken);
    setSpeaking(lang);
  }

  return { speaking, unsupported, toggle };
}
