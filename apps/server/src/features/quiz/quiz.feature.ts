import { listMcq, quizAdminCalls, quizItemsOf, quizQuestionInputSchema } from '@hurryup/contracts/quiz';
import type { QuizPageData } from '@hurryup/web/features/quiz/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { quizMigrations } from './quiz.migrations.ts';
import { createQuizRepository } from './quiz.repository.ts';
import { createQuizService } from './quiz.service.ts';
import type { QuizTables } from './quiz.tables.ts';

/**
 * The Java 17 certification quiz: `GET /api/mcq`, the admin calls, the /testbank page's data and the
 * question files `content/quiz/*.md` (each question with code is verified against Java 17 by
 * `apps/server/test/java/quiz-bank.test.ts`).
 */
export const quizFeature = defineFeature({
  name: 'quiz',
  migrations: quizMigrations,
  async plugin(app, { database, config, site }) {
    const repository = createQuizRepository(tablesOf<QuizTables>(database.db), database.dialect);
    const quiz = createQuizService(repository, () => site.contentChanged(['quiz']));

    registerCall(app, listMcq, ({ query }) => quiz.page(query), { cache: { shows: ['quiz'] } });
    await registerAdminCrud(app, config.adminToken, quizAdminCalls, quiz, 'quiz');

    site.providePageData('quiz', {
      page: ({ topic, limit, offset }) => quiz.page({ ...(topic ? { topic } : {}), limit, offset }),
    } satisfies QuizPageData);
    site.addContentKind({
      path: 'quiz',
      itemsOf: quizItemsOf,
      schema: quizQuestionInputSchema,
      uniqueKeys: [
        { field: 'id', keyOf: (question) => question.id },
        { field: 'text', keyOf: (question) => `${question.text}\n${question.code ?? ''}` },
      ],
      upsert: (tx, question) => quiz.upsertInTransaction(tablesOf<QuizTables>(tx), question),
      finish: (tx) => repository.syncIdSequence(tablesOf<QuizTables>(tx)),
      committed: () => site.contentChanged(['quiz']),
      isEmpty: async () => (await quiz.count()) === 0,
      revisionKind: 'quiz',
    });
  },
});
