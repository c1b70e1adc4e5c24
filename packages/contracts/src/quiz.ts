import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { wholeNumberText } from './numbers.ts';
import { maxOptions, optionLetters, quizTopicSlugs } from './quiz-rules.ts';
import { requiredText } from './text.ts';

export const quizTopicSchema = z.enum(quizTopicSlugs, {
  error: `topic must be one of: ${quizTopicSlugs.join(', ')}.`,
});

/**
 * How the Java verification (`apps/server/src/features/quiz/quiz-java.test.ts`) checks a question with code:
 * `output` (it compiles, runs, and prints exactly the text of the one correct option), `compile-error` (it
 * does not compile: the correct option says so, or the correct options are the `Line N` that fail),
 * `exception` (it compiles and throws: the correct option names the exception), or `not-run` with the reason
 * (the answer does not depend on running it, or it needs what a test cannot give, such as a database).
 * `wrap: 'main'` says the code is statements inside `main` (the usual imports given).
 */
export const quizVerifySchema = z
  .object({
    expect: z.enum(['output', 'compile-error', 'exception', 'not-run']),
    wrap: z.literal('main').optional(),
    reason: z.string().max(500).optional(),
  })
  .strict()
  .refine((verify) => verify.expect !== 'not-run' || (verify.reason ?? '').trim() !== '', {
    message: 'A question that is not run must say why in verify.reason.',
    path: ['reason'],
  })
  .meta({ id: 'QuizVerify' });
export type QuizVerify = z.infer<typeof quizVerifySchema>;

const optionPrefix = /^([A-H])[.)]\s+/;
const optionText = requiredText('An option must not be empty.', {
  length: 1000,
  message: 'An option must be at most 1000 characters.',
});

/** A question as files and the operator give it; options may carry their letter ('A. …') or not. */
export const quizQuestionInputSchema = z
  .object({
    id: z.number().int().positive().optional().describe('Only in imports: keeps ids stable across imports'),
    topic: quizTopicSchema,
    text: requiredText('The question text is required.', {
      length: 2000,
      message: 'The question text must be at most 2000 characters.',
    }),
    code: z.string().max(6000, 'The code must be at most 6000 characters.').optional(),
    options: z
      .array(optionText, { error: 'options must be a list of option texts.' })
      .min(2, 'A question needs at least two options.')
      .max(maxOptions, `A question has at most ${maxOptions} options (A to H).`),
    correctAnswer: z
      .array(z.enum(optionLetters, { error: 'Each answer must be one capital letter from A to H.' }))
      .min(1, 'correctAnswer must name at least one option letter.'),
    description: requiredText('The explanation (description) is required.', {
      length: 3000,
      message: 'The explanation must be at most 3000 characters.',
    }),
    verify: quizVerifySchema.optional(),
  })
  .strict()
  .superRefine((question, context) => {
    const count = question.options.length;
    question.correctAnswer.forEach((letter, i) => {
      if (optionLetters.indexOf(letter) >= count && count > 0) {
        context.addIssue({
          code: 'custom',
          path: ['correctAnswer', i],
          message: `Answer ${letter} names no option: the question has ${count} option(s), A to ${optionLetters[count - 1]}.`,
        });
      }
      if (question.correctAnswer.indexOf(letter) !== i) {
        context.addIssue({
          code: 'custom',
          path: ['correctAnswer', i],
          message: `Answer ${letter} is given twice.`,
        });
      }
    });
    question.options.forEach((option, i) => {
      const given = optionPrefix.exec(option)?.[1];
      if (given !== undefined && given !== optionLetters[i]) {
        context.addIssue({
          code: 'custom',
          path: ['options', i],
          message: `Option ${optionLetters[i]} starts with the letter ${given}.`,
        });
      }
    });
    if (question.code !== undefined && question.code.trim() !== '' && question.verify === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['verify'],
        message: "A question with code must say how it is verified (verify.expect; 'not-run' with a reason).",
      });
    }
  })
  .transform((question) => ({
    ...question,
    code: question.code?.trim() === '' ? undefined : question.code?.replace(/\s+$/, ''),
    // Every option starts with its letter: the page's correctness rule reads the first letter (section 5).
    options: question.options.map((option, i) => `${optionLetters[i]}. ${option.replace(optionPrefix, '')}`),
  }));
export type QuizQuestionInput = z.output<typeof quizQuestionInputSchema>;

/** The specification's entity (text, code, options, correctAnswer, description), with its id and topic. */
export const quizQuestionSchema = z
  .object({
    id: z.number().int(),
    topic: quizTopicSchema,
    text: z.string(),
    code: z.string().optional(),
    options: z.array(z.string()),
    correctAnswer: z.array(z.string()),
    description: z.string(),
  })
  .meta({ id: 'QuizQuestion' });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizAdminQuestionSchema = quizQuestionSchema
  .extend({ verify: quizVerifySchema.optional() })
  .meta({ id: 'QuizAdminQuestion' });
export type QuizAdminQuestion = z.infer<typeof quizAdminQuestionSchema>;

export const mcqMaxLimit = 500;
export const mcqQuerySchema = z
  .object({
    topic: quizTopicSchema.optional(),
    limit: wholeNumberText('limit', { min: 1, max: mcqMaxLimit }).default(mcqMaxLimit),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();
export type McqQuery = z.output<typeof mcqQuerySchema>;

export const mcqAnswerSchema = z
  .object({
    questions: z.array(quizQuestionSchema),
    total: z.number().int().describe('How many questions match the topic, whatever the page'),
  })
  .meta({ id: 'McqAnswer' });
export type McqAnswer = z.infer<typeof mcqAnswerSchema>;

export const listMcq = defineCall({
  method: 'GET',
  path: '/api/mcq',
  operationId: 'listMcq',
  summary: 'Java 17 certification questions, by topic then id; optionally one topic, one page',
  tag: 'quiz',
  access: 'public',
  query: mcqQuerySchema,
  status: 200,
  response: mcqAnswerSchema,
  errors: [400],
});

export const quizAdminCalls = defineAdminCrudCalls({
  plural: 'quiz-questions',
  noun: 'quizQuestion',
  input: quizQuestionInputSchema,
  output: quizAdminQuestionSchema,
});

/**
 * A question file (`content/quiz/*.md`) is YAML front matter with the file's `topic` and its `questions`;
 * each question takes the file's topic unless it names its own.
 */
export function quizItemsOf(parsed: unknown): unknown[] {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('must hold a topic and a list of questions');
  }
  const { topic, questions } = parsed as { topic?: unknown; questions?: unknown };
  if (!Array.isArray(questions)) throw new Error('questions must be a list of questions');
  return questions.map((question) =>
    typeof question === 'object' && question !== null ? { topic, ...question } : question,
  );
}
