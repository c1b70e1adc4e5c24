import type { Generated } from 'kysely';

export type QuizTables = {
  quiz_questions: {
    id: Generated<number>;
    /** An exam objective's slug (`quizTopics` in contracts' quiz-rules.ts). */
    topic: string;
    text: string;
    code: string | null;
    /** JSON list of option texts, each starting with its letter ('A. …'). */
    options: string;
    /** JSON list of option letters. */
    correct_answer: string;
    description: string;
    /** JSON of how the Java verification checks it (`QuizVerify`), or null for a question without code. */
    verify: string | null;
    updated_at: string;
  };
};
