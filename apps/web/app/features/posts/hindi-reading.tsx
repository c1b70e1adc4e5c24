import { hindiSourceNotes, translationMessages } from '@hurryup/contracts/translation-rules';
import type { ReactNode } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

/** What the post page shows when Hindi is chosen, and the Hindi text to read aloud when there is one. */
export interface HindiReading {
  view: ReactNode;
  hindiText?: string;
}

/** The Hindi text and a line saying where it came from. */
function hindi(text: string, note: string): HindiReading {
  return {
    hindiText: text,
    view: (
      <>
        <p className="post-reader__text" lang="hi">
          {text}
        </p>
        <p className="post-reader__note">{note}</p>
      </>
    ),
  };
}

/**
 * The post's Hindi reading, loaded on the first choice of Hindi (never with the page, whose JavaScript is at
 * its budget; the markup is made here too): the operator's Hindi version when the post has one, else the
 * server's translation of the post's text, else 'Translation unavailable.' (content-and-shell.md section 8).
 */
export async function readInHindi(
  text: string,
  version: string | undefined,
  signal: AbortSignal,
): Promise<HindiReading> {
  if (version?.trim()) return hindi(version, hindiSourceNotes.operator);
  try {
    const answer = await callApiLazily(
      () => import('@hurryup/contracts/language').then((contract) => contract.translateText),
      { body: { text } },
      { signal, timeoutMs: 60_000 },
    );
    const translated = answer.translatedText.trim();
    if (translated) return hindi(translated, hindiSourceNotes.machine);
  } catch (error) {
    if (!signal.aborted) console.error('Translation failed', error);
  }
  return { view: <p className="post-reader__text">{translationMessages.postUnavailable}</p> };
}
