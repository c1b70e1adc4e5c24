import { type QuizQuestionInput, quizQuestionInputSchema } from '@hurryup/contracts/quiz';
import { quizTopics } from '@hurryup/contracts/quiz-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblems, snippetOf } from './check-question.ts';
import { javaVersion, type SnippetRunner, startSnippetRunner } from './java-snippets.ts';
import { seedQuestions } from './seed-questions.ts';

const java = javaVersion();
if (java === undefined || java < 17) {
  console.warn(
    '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
      '!!! No Java 17 compiler (javac) on PATH: the quiz questions were NOT verified. !!!\n' +
      '!!! Install OpenJDK 17 to run quiz-bank.test.ts (CI installs it).              !!!\n' +
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
  );
}

const questions = seedQuestions();

describe('the seed question bank', () => {
  it('has at least 150 questions, at least 8 on every exam objective, with unique ids', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    for (const topic of quizTopics) {
      const count = questions.filter(({ question }) => question.topic === topic.slug).length;
      expect(count, topic.name).toBeGreaterThanOrEqual(8);
    }
    const ids = questions.map(({ question }) => question.id);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.runIf(java !== undefined && java >= 17)('Java verification of the questions with code', () => {
  let runner: SnippetRunner;
  // javac compiles the runner synchronously: seconds on a busy machine, more than the default 10 s hook limit.
  beforeAll(() => {
    runner = startSnippetRunner();
  }, 120_000);
  afterAll(async () => {
    await runner.close();
  });

  /** A question as the import reads it: the verifier sees what the bank holds. */
  const problemsOfFile = (question: unknown) => problemsOf(quizQuestionInputSchema.parse(question));

  async function problemsOf(question: QuizQuestionInput): Promise<string[]> {
    const snippet = snippetOf(question.code ?? '', question.verify?.wrap);
    return answerProblems(question, await runner.run(snippet.code, snippet.file), snippet.lineOffset);
  }

  it('compiles and runs every snippet with Java 17 and finds the stated answers true', async () => {
    const wrong: string[] = [];
    let verified = 0;
    for (const { where, question } of questions) {
      if (question.code === undefined || question.verify?.expect === 'not-run') continue;
      verified += 1;
      for (const problem of await problemsOf(question))
        wrong.push(`${where} (id ${question.id}): ${problem}`);
    }
    expect(wrong).toEqual([]);
    expect(verified).toBeGreaterThanOrEqual(100);
  }, 120_000);

  const base = {
    topic: 'operators',
    text: 'What does this print?',
    description: 'Integer division truncates.',
  } as const;
  const prints = {
    ...base,
    code: 'System.out.println(7 / 2);',
    verify: { expect: 'output', wrap: 'main' },
    options: ['A. 3', 'B. 3.5', 'C. 4', 'D. The code does not compile.'],
  } as const;

  it('catches a deliberately wrong answer, whatever the outcome it claims', async () => {
    expect(await problemsOfFile({ ...prints, correctAnswer: ['A'] })).toEqual([]);
    expect(await problemsOfFile({ ...prints, correctAnswer: ['B'] })).toEqual([
      'it prints "3\\n", which is option A, but the answer is B',
    ]);
    expect(
      await problemsOfFile({
        ...prints,
        correctAnswer: ['D'],
        verify: { expect: 'compile-error', wrap: 'main' },
      }),
    ).toEqual([`it claims 'compile-error', but the code compiles and runs, printing "3\\n"`]);

    const throws = {
      ...prints,
      code: 'int zero = 0;\nSystem.out.println(7 / zero);',
      options: [
        'A. 0',
        'B. An ArithmeticException is thrown.',
        'C. Infinity',
        'D. The code does not compile.',
      ],
    } as const;
    expect(
      await problemsOfFile({
        ...throws,
        correctAnswer: ['B'],
        verify: { expect: 'exception', wrap: 'main' },
      }),
    ).toEqual([]);
    expect(
      await problemsOfFile({
        ...throws,
        correctAnswer: ['C'],
        verify: { expect: 'exception', wrap: 'main' },
      }),
    ).toEqual([
      'running it throws java.lang.ArithmeticException, but the answer C is not the option naming ArithmeticException (B)',
    ]);

    const fails = {
      ...prints,
      code: 'int a = 1;\nlong b = 2;\nint c = a + b;\nint d = (int) b;\nshort e = a;\nSystem.out.println(c);',
      verify: { expect: 'compile-error', wrap: 'main' },
      options: ['A. Line 1', 'B. Line 2', 'C. Line 3', 'D. Line 4', 'E. Line 5'],
    } as const;
    expect(await problemsOfFile({ ...fails, correctAnswer: ['C', 'E'] })).toEqual([]);
    const [wrongLines] = await problemsOfFile({ ...fails, correctAnswer: ['C', 'D'] });
    expect(wrongLines).toMatch(/^the lines that fail to compile are 3, 5 \(line 3: incompatible types/);
    expect(wrongLines).toMatch(/but the answer is C,D$/);
  });

  it('names the wrong question among the bank', async () => {
    const [first] = questions.filter(({ question }) => question.verify?.expect === 'output');
    const { where, question } = first!;
    const otherLetter = question.correctAnswer[0] === 'A' ? 'B' : 'A';
    const problems = await problemsOf({ ...question, correctAnswer: [otherLetter] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`but the answer is ${otherLetter}$`));
    expect(where).toMatch(/^quiz\/.+\.md\[\d+\]$/);
  });
});

describe('what each question asks', () => {
  const numberWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
  const byId = (id: number) => {
    const found = questions.find(({ question }) => question.id === id)?.question;
    if (!found) throw new Error(`no question ${id}`);
    return found;
  };

  it('says "(Choose N.)" exactly when N options are right', () => {
    const wrong: string[] = [];
    for (const { where, question } of questions) {
      const count = question.correctAnswer.length;
      const says = /\(Choose (\w+)\.\)/.exec(question.text)?.[1];
      if (count > 1 && says !== numberWords[count - 1])
        wrong.push(`${where} (id ${question.id}): ${count} answers, text says ${says ?? 'nothing'}`);
      if (count === 1 && says !== undefined)
        wrong.push(`${where} (id ${question.id}): one answer, says Choose ${says}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives in the question the facts the answer depends on', () => {
    expect(byId(852).text).toMatch(/ids are 1, 2 and 3/);
    expect(byId(905).text).toMatch(/default locale is en_US/);
    expect(byId(906).text).toMatch(/consulted for a key/);
    expect(byId(906).text).not.toMatch(/searched/);
    // 259's options are whole outputs, so it asks for the output, not a count.
    expect(byId(259).text).not.toMatch(/how many times/i);
    expect(byId(259).options.every((option) => /hi .* \d$/.test(option))).toBe(true);
  });
});

describe('where the right answers are stored', () => {
  const share = (letters: string[], letter: string) =>
    letters.filter((l) => l === letter).length / letters.length;

  it('spreads the single answers evenly over A to D, so always choosing one letter does not pass', () => {
    const single = questions
      .filter(({ question }) => question.correctAnswer.length === 1)
      .map(({ question }) => question.correctAnswer[0] ?? '');
    for (const letter of ['A', 'B', 'C', 'D']) {
      expect(share(single, letter), letter).toBeGreaterThan(0.18);
      expect(share(single, letter), letter).toBeLessThan(0.32);
    }
  });

  it('does not start most multiple answers with A', () => {
    const firsts = questions
      .filter(({ question }) => question.correctAnswer.length > 1)
      .map(({ question }) => [...question.correctAnswer].sort()[0] ?? '');
    for (const letter of ['A', 'B', 'C', 'D']) expect(share(firsts, letter), letter).toBeLessThan(0.45);
  });
});
