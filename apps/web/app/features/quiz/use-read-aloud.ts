import { useEffect } from 'react';

/** Chrome refuses speech before the visitor has used the page (and reports it as a deprecated use). */
function visitorHasActed(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * Reads `text` aloud with the browser's speech (en-US) each time it changes (section 4: the question is read
 * aloud on each change), stopping what was being read. Before the visitor's first click or key press the
 * browser would refuse, so the first question waits for its read-aloud button; a browser without speech
 * just shows the text.
 */
export function useReadAloud(text: string | undefined) {
  useEffect(() => {
    const speech = typeof window === 'undefined' ? undefined : window.speechSynthesis;
    if (!speech || !text || !visitorHasActed()) return;
    const spoken = new SpeechSynthesisUtterance(text);
    spoken.lang = 'en-US';
    speech.cancel();
    speech.speak(spoken);
    return () => speech.cancel();
  }, [text]);
}
