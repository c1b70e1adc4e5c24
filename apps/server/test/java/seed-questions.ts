import path from 'node:path';
import { type QuizQuestionInput, quizItemsOf, quizQuestionInputSchema } from '@hurryup/contracts/quiz';
import { readContentPath } from '../../src/features/content-import/content-files.ts';

export const repositoryContent = path.resolve(import.meta.dirname, '../../../../content');

/** The seed questions as the import reads them, each with where it comes from ('quiz/05-strings.md[3]'). */
export function seedQuestions(root = repositoryContent): { where: string; question: QuizQuestionInput }[] {
  const read = readContentPath(root, 'quiz');
  if (read.problems.length > 0) throw new Error(JSON.stringify(read.problems));
  return read.files.flatMap(({ file, parsed }) =>
    quizItemsOf(parsed).map((item, i) => {
      const where = `${file}[${i}]`;
      const result = quizQuestionInputSchema.safeParse(item);
      if (!result.success) throw new Error(`${where}: ${JSON.stringify(result.error.issues)}`);
      return { where, question: result.data };
    }),
  );
}
