import type {
  McqAnswer,
  McqQuery,
  QuizAdminQuestion,
  QuizQuestion,
  QuizQuestionInput,
} from '@hurryup/contracts/quiz';
import { type QuizTopic, quizTopicSlugs } from '@hurryup/contracts/quiz-rules';
import type { Kysely } from 'kysely';
import { notFoundById } from '../../shared/unique-key.ts';
import type { QuizRepository } from './quiz.repository.ts';
import type { QuizTables } from './quiz.tables.ts';

const topicOrder = (topic: string) => quizTopicSlugs.indexOf(topic as QuizTopic);

/** The exam's order: objectives as the exam lists them, then by id within one. */
export function inExamOrder<T extends { topic: string; id: number }>(questions: T[]): T[] {
  return [...questions].sort((a, b) => topicOrder(a.topic) - topicOrder(b.topic) || a.id - b.id);
}

/** What visitors see: how a question is verified stays with the operator. */
export function publicQuestion({ verify: _verify, ...question }: QuizAdminQuestion): QuizQuestion {
  return question;
}

export function createQuizService(repository: QuizRepository, onChange: () => void) {
  async function questions(topic: QuizTopic | undefined): Promise<QuizQuestion[]> {
    return inExamOrder(await repository.list(topic)).map(publicQuestion);
  }
  return {
    questions,
    async page({ topic, limit, offset }: McqQuery): Promise<McqAnswer> {
      const all = await questions(topic);
      return { questions: all.slice(offset, offset + limit), total: all.length };
    },
    count: () => repository.count(),
    /** For the operator: every question, with how it is verified. */
    list: async (): Promise<QuizAdminQuestion[]> => inExamOrder(await repository.list(undefined)),

    async create(input: QuizQuestionInput): Promise<QuizAdminQuestion> {
      const question = await repository.insert({ ...input, id: undefined });
      onChange();
      return question;
    },
    async update(id: number, input: QuizQuestionInput): Promise<QuizAdminQuestion> {
      const question = await repository.update(id, { ...input, id: undefined });
      if (!question) throw notFoundById('Quiz question', id);
      onChange();
      return question;
    },
    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFoundById('Quiz question', id);
      onChange();
    },

    /** Imports match a question by the id the file gives; a question without one is added. */
    async upsertInTransaction(
      tx: Kysely<QuizTables>,
      input: QuizQuestionInput,
    ): Promise<'created' | 'updated'> {
      if (input.id !== undefined && (await repository.get(input.id, tx))) {
        await repository.update(input.id, input, tx);
        return 'updated';
      }
      await repository.insert(input, tx);
      return 'created';
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
