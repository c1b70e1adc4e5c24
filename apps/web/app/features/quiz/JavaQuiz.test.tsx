import type { QuizQuestion } from '@hurryup/contracts/quiz';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const option = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

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
});
