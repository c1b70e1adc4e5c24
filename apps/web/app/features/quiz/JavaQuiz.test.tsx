import type { QuizQuestion } from '@hurryup/contracts/quiz';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JavaQuiz } from './JavaQuiz.tsx';

const questions: QuizQuestion[] = [
  {
    id: 201,
    topic: 'operators',
    text: 'What does this code print?',
    code: 'int x = 5; // five\nSystem.out.println(x++ + ++x);',
    options: ['A. 12', 'B. 11'],
    correctAnswer: ['A'],
    description: 'x++ yields 5, ++x yields 7.',
  },
  {
    id: 202,
    topic: 'operators',
    text: 'Which are checked? (Choose two.)',
    options: ['A. IOException', 'B. NullPointerException', 'C. SQLException'],
    correctAnswer: ['A', 'C'],
    description: 'IOException and SQLException are checked.',
  },
  {
    id: 203,
    topic: 'operators',
    text: 'Last one?',
    options: ['A. yes', 'B. no'],
    correctAnswer: ['A'],
    description: 'It is the last.',
  },
];

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** An option by its stored label ('A. 12'), whatever letter this visitor's order shows it under. */
const option = (name: string) =>
  screen.getByRole('checkbox', {
    name: (shown) => shown.replace(/^[A-H]\. /, '') === name.replace(/^[A-H]\. /, ''),
  }) as HTMLInputElement;

// The page loads the API client, the call and zod on its first fetch. Loaded here once, so a test waits only
// for the page's own work, not for a module graph to load on a busy machine.
beforeAll(async () => {
  await Promise.all([import('@hurryup/contracts/quiz'), import('../../shared/api-client.ts')]);
}, 120_000);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** GET /api/mcq answered from `bank`, with the topic filter and paging of the real call; records the URLs. */
function serveMcq(bank: QuizQuestion[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const query = new URL(url, 'http://localhost').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 500);
      return Response.json({ questions: bank.slice(offset, offset + limit), total: bank.length });
    }),
  );
  return asked;
}

/** A bank of `count` questions, ids 1 to count, each with answer A. */
const bankOf = (count: number): QuizQuestion[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    topic: 'records',
    text: `Question text ${i + 1}?`,
    options: ['A. yes', 'B. no'],
    correctAnswer: ['A'],
    description: `Explanation ${i + 1}.`,
  }));

describe('the Java quiz', () => {
  it('shows the question, its highlighted code and checkbox options; a right answer is correct', () => {
    const { container } = render(<JavaQuiz questions={questions} topic="operators" />);
    expect(screen.getByText('What does this code print?')).toBeTruthy();
    const code = container.querySelector('pre.quiz__code')!;
    expect(code.textContent).toBe(questions[0]!.code);
    expect(code.querySelector('.quiz__keyword')?.textContent).toBe('int');
    expect(code.querySelector('.quiz__comment')?.textContent).toBe('// five');
    fireEvent.click(option('A. 12'));
    fireEvent.click(button('Check Answer'));
    expect(screen.getByText('✔ Correct!')).toBeTruthy();
    expect(screen.queryByText('x++ yields 5, ++x yields 7.')).toBeNull();
    expect(option('A. 12').disabled && option('B. 11').disabled && button('Check Answer').disabled).toBe(
      true,
    );
    expect(screen.getByText('Score: 1 / 1')).toBeTruthy();
  });

  it('shows the explanation for a wrong answer; several answers must all be chosen; Next stops at the last', () => {
    render(<JavaQuiz questions={questions} topic="operators" />);
    fireEvent.click(option('B. 11'));
    fireEvent.click(button('Check Answer'));
    expect(screen.getByText('✖ Incorrect')).toBeTruthy();
    expect(screen.getByText('x++ yields 5, ++x yields 7.')).toBeTruthy();

    fireEvent.click(button('Next Question'));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    expect(screen.queryByText('✖ Incorrect')).toBeNull();
    expect(option('A. IOException').checked || option('A. IOException').disabled).toBe(false);
    fireEvent.click(option('C. SQLException'));
    fireEvent.click(option('A. IOException'));
    fireEvent.click(button('Check Answer'));
    expect(screen.getByText('✔ Correct!')).toBeTruthy();
    expect(screen.getByText('Score: 1 / 2')).toBeTruthy();

    fireEvent.click(button('Next Question'));
    expect(screen.getByText('Last one?')).toBeTruthy();
    expect(button('Next Question').disabled).toBe(true);
  });

  it('moves to the next question by itself after 200,000 ms on one, and not before', () => {
    vi.useFakeTimers();
    render(<JavaQuiz questions={questions} topic="operators" />);
    act(() => vi.advanceTimersByTime(199_999));
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    // A question reached by hand waits its own full 200 s.
    act(() => vi.advanceTimersByTime(150_000));
    fireEvent.click(button('Next Question'));
    act(() => vi.advanceTimersByTime(199_999));
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(400_000));
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
  });

  it('resumes where the visitor was, per topic, and ignores progress it cannot use', () => {
    window.localStorage.setItem(
      'quiz-progress:operators',
      JSON.stringify({ questionId: 202, correct: 1, answered: 1 }),
    );
    const { unmount } = render(<JavaQuiz questions={questions} topic="operators" />);
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    expect(screen.getByText('Score: 1 / 1')).toBeTruthy();
    fireEvent.click(button('Next Question'));
    expect(JSON.parse(window.localStorage.getItem('quiz-progress:operators')!)).toEqual({
      questionId: 203,
      correct: 1,
      answered: 1,
    });
    unmount();
    window.localStorage.setItem(
      'quiz-progress:all',
      JSON.stringify({ questionId: 999, correct: 5, answered: 2 }),
    );
    render(<JavaQuiz questions={questions} topic={undefined} />);
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByText('Score: 0 / 0')).toBeTruthy();
  });

  it('says the question data is unavailable when there is none', () => {
    render(<JavaQuiz questions={[]} topic={undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Error: Question data is unavailable.');
  });

  it('starts with the first questions only and fetches the next page before the visitor reaches it', async () => {
    const bank = bankOf(25);
    const asked = serveMcq(bank);
    render(<JavaQuiz questions={bank.slice(0, 10)} total={25} topic="records" />);
    expect(screen.getByText('Question 1 of 25')).toBeTruthy();
    expect(asked).toEqual([]);
    for (let i = 1; i <= 6; i++) fireEvent.click(button('Next Question'));
    expect(screen.getByText('Question 7 of 25')).toBeTruthy();
    expect(asked).toEqual([]);
    fireEvent.click(button('Next Question'));
    await waitFor(() => expect(asked).toEqual(['/api/mcq?topic=records&limit=20&offset=10']));
    for (let i = 8; i <= 11; i++) fireEvent.click(button('Next Question'));
    await screen.findByText('Question text 12?');
    for (let i = 12; i < 25; i++) fireEvent.click(button('Next Question'));
    expect(screen.getByText('Question 25 of 25')).toBeTruthy();
    expect(screen.getByText('Question text 25?')).toBeTruthy();
    expect(button('Next Question').disabled).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('resumes on a question after the first page, fetching the pages up to it', async () => {
    const bank = bankOf(45);
    const asked = serveMcq(bank);
    window.localStorage.setItem(
      'quiz-progress:all',
      JSON.stringify({ questionId: 33, correct: 20, answered: 32 }),
    );
    render(<JavaQuiz questions={bank.slice(0, 10)} total={45} topic={undefined} />);
    await screen.findByText('Question 33 of 45');
    expect(screen.getByText('Question text 33?')).toBeTruthy();
    expect(screen.getByText('Score: 20 / 32')).toBeTruthy();
    expect(asked.slice(0, 2)).toEqual(['/api/mcq?limit=20&offset=10', '/api/mcq?limit=20&offset=30']);
  });

  it('says the data is unavailable when the next page cannot be fetched, and tries again', async () => {
    const bank = bankOf(12);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    render(<JavaQuiz questions={bank.slice(0, 10)} total={12} topic="records" />);
    for (let i = 1; i <= 10; i++) fireEvent.click(button('Next Question'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Question data is unavailable.');
    serveMcq(bank);
    fireEvent.click(button('Try again'));
    await screen.findByText('Question text 11?');
  });
});

describe("the quiz's reading aloud", () => {
  it('reads each new question, also one worded exactly like the one before it', () => {
    const spoken: string[] = [];
    vi.stubGlobal('speechSynthesis', {
      speak: (utterance: SpeechSynthesisUtterance) => spoken.push(utterance.text),
      cancel: () => undefined,
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        text: string;
        constructor(text: string) {
          this.text = text;
        }
      },
    );
    const twins: QuizQuestion[] = [
      { ...questions[0]!, id: 301 },
      { ...questions[0]!, id: 302, code: 'System.out.println(1 + 2);' },
      { ...questions[2]!, id: 303 },
    ];
    render(<JavaQuiz questions={twins} topic="operators" />);
    expect(spoken).toEqual(['What does this code print?']);
    fireEvent.click(button('Next Question'));
    expect(spoken).toEqual(['What does this code print?', 'What does this code print?']);
  });
});
