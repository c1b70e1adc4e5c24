import { useEffect, useRef, useState } from 'react';
import type { HindiReading } from './hindi-reading.tsx';

export type ReadingLanguage = 'en' | 'hi';

/**
 * The English/Hindi reading choice of a post: choosing Hindi shows the operator's Hindi version or asks the
 * server for a translation, English clears it (content-and-shell.md section 4). `hindi-reading.tsx`, the API
 * client and its schemas load on the first choice of Hindi, not with the page.
 */
export function useHindiTranslation(text: string, version?: string) {
  const [language, setLanguage] = useState<ReadingLanguage>('en');
  const [reading, setReading] = useState<HindiReading>();
  const request = useRef<AbortController>(null);

  useEffect(() => () => request.current?.abort(), []);

  async function choose(next: ReadingLanguage) {
    setLanguage(next);
    setReading(undefined);
    request.current?.abort();
    if (next === 'en') return;
    const controller = new AbortController();
    request.current = controller;
    const result = await import('./hindi-reading.tsx')
      .then((module) => module.readInHindi(text, version, controller.signal))
      .catch(() => ({ view: 'Translation unavailable.' }));
    if (!controller.signal.aborted) setReading(result);
  }

  // Cleared on every choice, so a reading is always the Hindi one.
  return { language, choose, reading };
}
