import { describe, expect, it } from 'vitest';
import { quizItemsOf, quizQuestionInputSchema } from './quiz.ts';

const base = {
  topic: 'basics',
  text: 'Pick one.',
  description: 'Because.',
  options: ['x', 'y'],
  correctAnswer: ['A'],
};
const issues = (value: unknown) =>
  quizQuestionInputSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a quiz question as imported', () => {
  it('letters its options and keeps given letters that match', () => {
    const parsed = quizQuestionInputSchema.parse({
      ...base,
      options: ['A. x', 'y'],
      code: 'int x;\n\n',
      verify: { expect: 'not-run', reason: 'declaration only' },
    });
    expect(parsed.options).toEqual(['A. x', 'B. y']);
    expect(parsed.code).toBe('int x;');
  });

  it('refuses answers naming no option, no options, repeated answers and code without verification', () => {
    expect(issues({ ...base, correctAnswer: ['C'] })).toEqual([
      'correctAnswer.0: Answer C names no option: the question has 2 option(s), A to B.',
    ]);
    expect(issues({ ...base, options: [] })).toEqual(['options: A question needs at least two options.']);
    expect(issues({ ...base, correctAnswer: ['A', 'A'] })).toEqual([
      'correctAnswer.1: Answer A is given twice.',
    ]);
    expect(issues({ ...base, correctAnswer: ['a'] })).toEqual([
      'correctAnswer.0: Each answer must be one capital letter from A to H.',
    ]);
    expect(issues({ ...base, code: 'x();' })?.[0]).toMatch(/^verify: A question with code must say how/);
    expect(issues({ ...base, code: 'x();', verify: { expect: 'not-run' } })).toEqual([
      'verify.reason: A question that is not run must say why in verify.reason.',
    ]);
    expect(issues({ ...base, topic: 'cobol' })?.[0]).toMatch(/^topic: topic must be one of: basics, oop/);
  });

  it('gives each question of a file the file topic unless it names its own', () => {
    expect(
      quizItemsOf({ topic: 'jdbc', questions: [{ text: 'a' }, { text: 'b', topic: 'io-nio' }] }),
    ).toEqual([
      { topic: 'jdbc', text: 'a' },
      { topic: 'io-nio', text: 'b' },
    ]);
    expect(() => quizItemsOf([])).toThrow('must hold a topic and a list of questions');
  });
});
