/** Where a visitor is in one topic's quiz (or in all questions), kept in local storage across reloads. */
export interface QuizProgress {
  /** The current question's id: it still finds the question when questions are added or removed. */
  questionId: number;
  correct: number;
  answered: number;
}

const keyOf = (topic: string | undefined) => `quiz-progress:${topic ?? 'all'}`;

export function readProgress(topic: string | undefined): QuizProgress | undefined {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(topic)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { questionId, correct, answered } = parsed as Record<string, unknown>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    if (!whole(questionId) || !whole(correct) || !whole(answered) || correct > answered) return undefined;
    return { questionId, correct, answered };
  } catch {
    // Storage refused (private mode) or a hand-edited value: start from the beginning.
    return undefined;
  }
}

export function saveProgress(topic: string | undefined, progress: QuizProgress) {
  try {
    window.localStorage.setItem(keyOf(topic), JSON.stringify(progress));
  } catch {
    // Storage full or refused: the quiz works, it just will not resume.
  }
}
