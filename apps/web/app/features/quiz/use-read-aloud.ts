import { useEffect } from 'react';

/** Chrome refuses speech before the visitor has used the page (and reports it as a deprecated use). */
function visitorHasActed(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * Reads `text` aloud with the browser's speech (en-US) each time the question changes (section 4: the
 * question is read aloud on each change), stopping what was being read. `questionKey` names the question:
 * the reading follows the question, not its text, so a question worded like the one before it (two "What
 * does this code print?" in a row) is read too. Before the visitor's first click or key press the
 * browser would refuse, so the first question waits for its read-aloud button; a browser without speech
 * just shows the text.
 */
export function useReadAloud(text: string | undefined, questionKey: string | number | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question is read even when its text is the same
  useEffect(() => {
    const speech = typeof window === 'undefined' ? undefined : window.speechSynthesis;
    if (!speech || !text || !visitorHasActed()) return;
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = 'en-US';
    speech.cancel();
    speech.speak(spoken);
    return () => speech.cancel();
  }, [text, questionKey]);
}
