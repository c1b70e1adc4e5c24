import type { QuizQuestion } from '@hurryup/contracts/quiz';
import type { QuizTopic } from '@hurryup/contracts/quiz-rules';

/** What the quiz page reads from the server: one objective's questions, or all, in the exam's order. */
export interface QuizPageData {
  questions(topic: QuizTopic | undefined): Promise<QuizQuestion[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    quiz: QuizPageData;
  }
}
