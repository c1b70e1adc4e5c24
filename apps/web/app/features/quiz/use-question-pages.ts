import type { QuizQuestion } from '@hurryup/contracts/quiz';
import { type QuizTopic, quizPageSize } from '@hurryup/contracts/quiz-rules';
import { useCallback, useRef, useState } from 'react';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

export interface QuestionPages {
  /** The questions known so far, by position (holes for pages not fetched yet). */
  known: readonly (QuizQuestion | undefined)[];
  /** How many come one after the other from the first: the next page starts there. */
  loadedUntil: number;
  /** Fetches the page holding this position, unless it is known or on its way. */
  load(index: number): void;
  /** The position of a question, fetching the pages after the known ones until it is found; -1 if never. */
  find(id: number): Promise<number>;
  /** The last fetch failed (a later `load` tries again). */
  failed: boolean;
}

function contiguous(known: readonly (QuizQuestion | undefined)[]): number {
  const hole = known.indexOf(undefined);
  return hole < 0 ? known.length : hole;
}

/**
 * The questions of one quiz, a page at a time: the page arrives with its first questions and this fetches
 * the next ones from GET /api/mcq (its topic filter and paging) as they are needed. The API client and zod
 * load with the first fetch, not with the page.
 */
export function useQuestionPages(
  initial: readonly QuizQuestion[],
  total: number,
  topic: QuizTopic | undefined,
): QuestionPages {
  const [known, setKnown] = useState<(QuizQuestion | undefined)[]>(() => [...initial]);
  const [failed, setFailed] = useState(false);
  const pending = useRef(new Map<number, Promise<QuizQuestion[]>>());
  const knownNow = useRef(known);
  knownNow.current = known;

  const fetchPage = useCallback(
    (offset: number): Promise<QuizQuestion[]> => {
      const waiting = pending.current.get(offset);
      if (waiting) return waiting;
      const request = callApiLazily(() => import('@hurryup/contracts/quiz').then((c) => c.listMcq), {
        query: {
          ...(topic ? { topic } : {}),
          limit: String(quizPageSize),
          offset: String(offset),
        },
      }).then(
        (answer) => {
          pending.current.delete(offset);
          setFailed(false);
          setKnown((now) => {
            const next = [...now];
            answer.questions.forEach((question, i) => {
              next[offset + i] = question;
            });
            return next;
          });
          return answer.questions;
        },
        (error: unknown) => {
          pending.current.delete(offset);
          setFailed(true);
          throw error;
        },
      );
      pending.current.set(offset, request);
      return request;
    },
    [topic],
  );

  const load = useCallback(
    (index: number) => {
      if (index < 0 || index >= total || knownNow.current[index] !== undefined) return;
      // Pages start where the known questions end, so they line up with what is known.
      const from = contiguous(knownNow.current);
      const offset = index >= from ? from + Math.floor((index - from) / quizPageSize) * quizPageSize : index;
      fetchPage(offset).catch(() => {
        // Shown through `failed`; the next load tries again.
      });
    },
    [fetchPage, total],
  );

  const find = useCallback(
    async (id: number): Promise<number> => {
      let at = knownNow.current.findIndex((question) => question?.id === id);
      let offset = contiguous(knownNow.current);
      while (at < 0 && offset < total) {
        const page = await fetchPage(offset);
        if (page.length === 0) break;
        const i = page.findIndex((question) => question.id === id);
        if (i >= 0) at = offset + i;
        offset += page.length;
      }
      return at;
    },
    [fetchPage, total],
  );

  return { known, loadedUntil: contiguous(known), load, find, failed };
}
