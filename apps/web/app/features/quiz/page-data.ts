import type { QuizQuestion } from '@hurryup/contracts/quiz';
import type { QuizTopic } from '@hurryup/contracts/quiz-rules';

/**
 * What the quiz page reads from the server: one page of one objective's questions, or of all, in the exam's
 * order, with how many there are (the same as GET /api/mcq answers).
 */
export interface QuizPageData {
  page(query: {
    topic: QuizTopic | undefined;
    limit: number;
    offset: number;
  }): Promise<{ questions: QuizQuestion[]; total: number }>;
}

declare module '../../load-context.ts' {
  interface PageData {
    quiz: QuizPageData;
  }
}
