import { useEffect, useRef, useState } from 'react';

/** Reads text aloud with the browser's speech (en-US); pressing again stops it. */
export function useEnglishSpeech(text: string) {
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

  function toggle() {
    if (speaking) return stop();
    const speech = window.speechSynthesis;
    if (!speech) {
      window.alert('This browser cannot read text aloud.');
      return;
    }
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = 'en-US';
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

  return { speaking, toggle };
}
