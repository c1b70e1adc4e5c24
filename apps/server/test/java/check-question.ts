import type { QuizQuestionInput } from '@hurryup/contracts/quiz';
import { optionLetters } from '@hurryup/contracts/quiz-rules';
import type { SnippetRun } from './java-snippets.ts';

/** The imports a `wrap: 'main'` snippet may rely on (questions say "imports omitted"). */
const wrapImports = [
  'java.util.*',
  'java.util.function.*',
  'java.util.stream.*',
  'java.time.*',
  'java.time.format.*',
  'java.io.*',
  'java.nio.file.*',
  'java.util.concurrent.*',
  'java.util.concurrent.atomic.*',
  'java.text.*',
];

export interface Snippet {
  code: string;
  file: string;
  /** Lines the compiled source has before the question's first line. */
  lineOffset: number;
}

/** What the harness compiles for a question: its code as is, or inside a class's main. */
export function snippetOf(code: string, wrap: 'main' | undefined): Snippet {
  if (wrap === 'main') {
    const head = [
      ...wrapImports.map((name) => `import ${name};`),
      'public class Main {',
      '  public static void main(String[] args) throws Exception {',
    ];
    return { code: [...head, code, '  }', '}'].join('\n'), file: 'Main.java', lineOffset: head.length };
  }
  const publicType =
    /^public\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|record|interface|enum)\s+(\w+)/m.exec(
      code,
    )?.[1];
  return { code, file: `${publicType ?? 'Main'}.java`, lineOffset: 0 };
}

/** Whitespace runs count as one space: an option shows the output on one line. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
/** An option's text without its 'A. ' letter. */
const bare = (option: string) => option.replace(/^[A-H]\.\s+/, '');

function optionsMatching(question: QuizQuestionInput, matches: (text: string) => boolean): string[] {
  return question.options.flatMap((option, i) => (matches(bare(option)) ? [optionLetters[i]!] : []));
}

const same = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join(',') === [...b].sort().join(',');

/**
 * Why the stated answer of `question` disagrees with what its code did (`run`), or [] when it agrees. The
 * question's `verify.expect` says which outcome it claims, and the correct option(s) must be the ones that
 * describe the real outcome:
 * - output: exactly one correct option, whose text is the printed output (whitespace runs as one space);
 * - compile-error: the correct options are the `Line N` of every line that fails to compile, or the one
 *   correct option says the code does not compile;
 * - exception: the one correct option names the thrown exception's class.
 */
export function answerProblems(question: QuizQuestionInput, run: SnippetRun, lineOffset: number): string[] {
  const expected = question.verify?.expect;
  const stated = question.correctAnswer.join(',');
  if (run.timedOut) return ['the code ran for too long (an endless loop or a deadlock?)'];
  if (run.exception?.startsWith('harness:')) return [`the harness could not run it: ${run.exception}`];

  if (run.compileErrors.length > 0) {
    const lines = [...new Set(run.compileErrors.map((error) => error.line - lineOffset))].sort(
      (a, b) => a - b,
    );
    const errors = run.compileErrors.map((e) => `line ${e.line - lineOffset}: ${e.message.split('\n')[0]}`);
    if (expected !== 'compile-error') {
      return [`it claims '${expected}', but the code does not compile: ${errors.join('; ')}`];
    }
    const lineOptions = optionsMatching(question, (text) => /^Line \d+\b/.test(text));
    if (question.correctAnswer.every((letter) => lineOptions.includes(letter))) {
      const failing = optionsMatching(question, (text) => {
        const line = Number(/^Line (\d+)/.exec(text)?.[1]);
        return lines.includes(line);
      });
      const claimed = question.correctAnswer.map((letter) =>
        Number(/^Line (\d+)/.exec(bare(question.options[optionLetters.indexOf(letter)]!))?.[1]),
      );
      if (!same(failing, question.correctAnswer) || !lines.every((line) => claimed.includes(line))) {
        return [
          `the lines that fail to compile are ${lines.join(', ')} (${errors.join('; ')}), but the answer is ${stated}`,
        ];
      }
      return [];
    }
    const says = optionsMatching(question, (text) =>
      /does not compile|compilation fails|fails to compile/i.test(text),
    );
    if (question.correctAnswer.length !== 1 || !says.includes(question.correctAnswer[0]!)) {
      return [
        `the code does not compile (${errors.join('; ')}), but the answer ${stated} is not the option saying so (${says.join(',') || 'none'})`,
      ];
    }
    return [];
  }

  if (run.exception) {
    const simple = run.exception.split(/[.$]/).at(-1)!;
    if (expected !== 'exception') {
      return [
        `it claims '${expected}', but running it throws ${run.exception}: ${run.exceptionMessage ?? ''} (output so far: ${JSON.stringify(run.stdout)})`,
      ];
    }
    const naming = optionsMatching(question, (text) => new RegExp(`\\b${simple}\\b`).test(text));
    if (question.correctAnswer.length !== 1 || !naming.includes(question.correctAnswer[0]!)) {
      return [
        `running it throws ${run.exception}, but the answer ${stated} is not the option naming ${simple} (${naming.join(',') || 'none'})`,
      ];
    }
    return [];
  }

  if (expected !== 'output') {
    return [
      `it claims '${expected}', but the code compiles and runs, printing ${JSON.stringify(run.stdout)}`,
    ];
  }
  const printed = normalise(run.stdout);
  const matching = optionsMatching(question, (text) => normalise(text) === printed);
  if (question.correctAnswer.length !== 1 || !same(matching, question.correctAnswer)) {
    return [
      `it prints ${JSON.stringify(run.stdout)}, which is option ${matching.join(',') || '(none)'}, but the answer is ${stated}`,
    ];
  }
  return [];
}
