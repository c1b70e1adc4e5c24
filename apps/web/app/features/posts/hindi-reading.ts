import { hindiSourceNotes, translationMessages } from '@hurryup/contracts/translation-rules';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

/** What the post page shows when Hindi is chosen: the text, `lang: 'hi'` when it is Hindi, and where it came from. */
export interface HindiReading {
  text: string;
  lang?: 'hi';
  note?: string;
}

/**
 * The post's Hindi reading, loaded on the first choice of Hindi (never with the page): the operator's Hindi
 * version when the post has one, else the server's translation of the post's text, else 'Translation
 * unavailable.' (content-and-shell.md section 8).
 */
export async function readInHindi(
  text: string,
  hindi: string | undefined,
  signal: AbortSignal,
): Promise<HindiReading> {
  if (hindi?.trim()) return { text: hindi, lang: 'hi', note: hindiSourceNotes.operator };
  try {
    const answer = await callApiLazily(
      () => import('@hurryup/contracts/language').then((contract) => contract.translateText),
      { body: { text } },
      { signal, timeoutMs: 60_000 },
    );
    const translated = answer.translatedText.trim();
    if (translated) return { text: translated, lang: 'hi', note: hindiSourceNotes.machine };
  } catch (error) {
    if (!signal.aborted) console.error('Translation failed', error);
  }
  return { text: translationMessages.postUnavailable };
}
