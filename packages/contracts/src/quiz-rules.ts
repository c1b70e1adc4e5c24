/**
 * What the Java 17 quiz page needs at first render, zod-free: its path, the exam objectives, the correctness
 * rule (specification section 5), the auto-advance delay (section 9) and its exact texts (section 8).
 */

export const quizPagePath = '/testbank';

/** The objectives of the Java SE 17 Developer exam (1Z0-829) the question bank covers, in exam order. */
export const quizTopics = [
  { slug: 'basics', name: 'Language basics and types' },
  { slug: 'oop', name: 'Classes, interfaces and inheritance' },
  { slug: 'operators', name: 'Operators' },
  { slug: 'control-flow', name: 'Control flow' },
  { slug: 'strings', name: 'Strings and text blocks' },
  { slug: 'arrays-collections', name: 'Arrays and collections' },
  { slug: 'generics', name: 'Generics' },
  { slug: 'streams-lambdas', name: 'Streams and lambdas' },
  { slug: 'records', name: 'Records' },
  { slug: 'sealed', name: 'Sealed classes' },
  { slug: 'switch-patterns', name: 'Switch expressions and pattern matching for instanceof' },
  { slug: 'exceptions', name: 'Exceptions' },
  { slug: 'modules', name: 'Modules' },
  { slug: 'concurrency', name: 'Concurrency' },
  { slug: 'io-nio', name: 'I/O and NIO.2' },
  { slug: 'jdbc', name: 'JDBC' },
  { slug: 'localisation', name: 'Localisation' },
] as const;
export type QuizTopic = (typeof quizTopics)[number]['slug'];
export const quizTopicSlugs = quizTopics.map((topic) => topic.slug) as [QuizTopic, ...QuizTopic[]];

export function isQuizTopic(value: unknown): value is QuizTopic {
  return typeof value === 'string' && (quizTopicSlugs as readonly string[]).includes(value);
}

/** Options are lettered in order: option 0 is 'A. …'. */
export const optionLetters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const maxOptions = optionLetters.length;

/**
 * Section 5: the sorted first letters of the selected options, joined by commas, must equal the sorted list
 * of correct answers (joined the same way).
 */
export function isAnswerCorrect(
  selectedOptions: readonly string[],
  correctAnswer: readonly string[],
): boolean {
  const chosen = selectedOptions.map((option) => option.charAt(0)).sort();
  return chosen.join(',') === [...correctAnswer].sort().join(',');
}

/**
 * The /testbank page carries only its first questions (about 1 KB each; all 167 made the page heavy) and
 * fetches the rest from GET /api/mcq a page at a time, before the visitor reaches them.
 */
export const quizFirstPageSize = 10;
export const quizPageSize = 20;
/** How many questions before the last one loaded the next page is asked for. */
export const quizPrefetchAhead = 3;

/** Section 9: a question left on screen this long gives way to the next one by itself. */
export const quizAutoAdvanceMs = 200_000;

export const quizTexts = {
  loading: 'Loading questions...',
  unavailable: 'Error: Question data is unavailable.',
  correct: '✔ Correct!',
  incorrect: '✖ Incorrect',
  check: 'Check Answer',
  next: 'Next Question',
} as const;
