import { useEffect, useRef, useState } from 'react';

/**
 * The browser's speech for one page, the part every reader shares (the news home, posts, the quiz, text to
 * audio, the translator): one utterance at a time, cancelled when the page goes away, and `speaking` (the
 * language being read, e.g. 'hi-IN') back to null when it ends. What a page does when speech is missing or
 * the text is empty stays with the page.
 */
export function useSpeechVoice() {
  const [speaking, setSpeaking] = useState<string | null>(null);
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
    setSpeaking(null);
  }

  /** Reads `text` in `language` (a BCP 47 tag), cancelling what was being read; false without speech. */
  function speak(text: string, language: string): boolean {
    const speech = typeof window === 'undefined' ? undefined : window.speechSynthesis;
    if (!speech || typeof SpeechSynthesisUtterance === 'undefined') return false;
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = language;
    // Browsers without a default voice for the language read Hindi with an English one unless told.
    const voice = speech.getVoices?.().find((v) => v.lang.replace('_', '-') === language);
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
    setSpeaking(language);
    return true;
  }

  /** Whether an utterance is under way now (the state may not have caught up within one event). */
  const active = () => utterance.current !== null;

  return { speaking, speak, stop, active };
}
