import type { QuizAdminQuestion, QuizQuestionInput } from '@hurryup/contracts/quiz';
import type { QuizTopic } from '@hurryup/contracts/quiz-rules';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { syncIdSequence } from '../../db/id-sequence.ts';
import { rowWriteQueries } from '../../shared/row-writes.ts';
import type { QuizTables } from './quiz.tables.ts';

type Db = Kysely<QuizTables>;
type Row = Selectable<QuizTables['quiz_questions']>;

const toQuestion = (row: Row): QuizAdminQuestion => ({
  id: row.id,
  topic: row.topic as QuizTopic,
  text: row.text,
  ...(row.code === null ? {} : { code: row.code }),
  options: JSON.parse(row.options) as string[],
  correctAnswer: JSON.parse(row.correct_answer) as string[],
  description: row.description,
  ...(row.verify === null ? {} : { verify: JSON.parse(row.verify) }),
});

const toRow = (input: QuizQuestionInput, now: string) => ({
  topic: input.topic,
  text: input.text,
  code: input.code ?? null,
  options: JSON.stringify(input.options),
  correct_answer: JSON.stringify(input.correctAnswer),
  description: input.description,
  verify: input.verify ? JSON.stringify(input.verify) : null,
  updated_at: now,
});

/** Every query on `quiz_questions`. Methods that take `tx` run inside a caller's transaction when given one. */
export function createQuizRepository(db: Db, dialect: DialectName) {
  const writes = rowWriteQueries({ db, table: 'quiz_questions', toRow, fromRow: toQuestion });
  return {
    /** One topic's questions (or all), in the order of the topics' objectives then by id. */
    async list(topic: QuizTopic | undefined): Promise<QuizAdminQuestion[]> {
      let query = db.selectFrom('quiz_questions').selectAll();
      if (topic) query = query.where('topic', '=', topic);
      return (await query.orderBy('id').execute()).map(toQuestion);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('quiz_questions')
        .select(db.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async get(id: number, tx: Db = db): Promise<QuizAdminQuestion | undefined> {
      const row = await tx.selectFrom('quiz_questions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toQuestion(row) : undefined;
    },
    /** Imports may keep the id a file gives. */
    insert: (input: QuizQuestionInput, tx: Db = db) => writes.insert(input, tx, input.id),
    update: writes.update,
    delete: writes.delete,
    syncIdSequence: (tx: Db = db) => syncIdSequence(tx, dialect, 'quiz_questions'),
  };
}
export type QuizRepository = ReturnType<typeof createQuizRepository>;
