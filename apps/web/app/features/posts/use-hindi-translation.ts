import { useEffect, useRef, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

export type ReadingLanguage = 'en' | 'hi';

export const translationUnavailable = 'Translation unavailable.';

/**
 * The English/Hindi reading choice of a post: choosing Hindi asks the server for a translation, English
 * clears it (content-and-shell.md section 4). The API client and its schemas load on the first choice of
 * Hindi, not with the page.
 */
export function useHindiTranslation(text: string) {
  const [language, setLanguage] = useState<ReadingLanguage>('en');
  const [translated, setTranslated] = useState<string | undefined>();
  const [translating, setTranslating] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  async function choose(next: ReadingLanguage) {
    setLanguage(next);
    request.current?.abort();
    if (next === 'en') {
      setTranslated(undefined);
      setTranslating(false);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setTranslating(true);
    try {
      const answer = await callApiLazily(
        () => import('@hurryup/contracts/language').then((contract) => contract.translateText),
        { body: { text } },
        { signal: controller.signal, timeoutMs: 30_000 },
      );
      if (!controller.signal.aborted) setTranslated(answer.translatedText.trim() || translationUnavailable);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Translation failed', error);
      setTranslated(translationUnavailable);
    } finally {
      if (!controller.signal.aborted) setTranslating(false);
    }
  }

  /** The Hindi text, when there is a real one. */
  const hindiText =
    language === 'hi' && translated && translated !== translationUnavailable ? translated : undefined;
  return { language, choose, translated, translating, hindiText };
}
