import type { QuizQuestion } from '@hurryup/contracts/quiz';
import { isAnswerCorrect } from '@hurryup/contracts/quiz-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { JavaQuiz } from './JavaQuiz.tsx';
import { optionSeedKey, readOptionSeed, shuffleOptions } from './shuffle-options.ts';

const options = ['A. 5.5', 'B. 5.0', 'C. 5', 'D. The code does not compile.'];

beforeEach(() => window.localStorage.clear());

describe('the order a visitor sees the options in', () => {
  it('keeps the stored order without a seed, as the server renders it', () => {
    expect(shuffleOptions(options, undefined, 101)).toEqual(options.map((o) => ({ option: o, label: o })));
  });

  it('is the same for the same visitor and question, and letters the options as shown', () => {
    const first = shuffleOptions(options, 'visitor1', 101);
    expect(shuffleOptions(options, 'visitor1', 101)).toEqual(first);
    expect([...first.map((o) => o.option)].sort()).toEqual(options);
    expect(first.map((o) => o.label.slice(0, 3))).toEqual(['A. ', 'B. ', 'C. ', 'D. ']);
    for (const { option, label } of first) expect(label.slice(3)).toBe(option.slice(3));
  });

  it('puts each option first about equally often across visitors and questions', () => {
    const first = new Map<string, number>();
    const runs = 4000;
    for (let i = 0; i < runs; i += 1) {
      const shown = shuffleOptions(options, `v${i}`, 100 + (i % 7))[0]?.option ?? '';
      first.set(shown, (first.get(shown) ?? 0) + 1);
    }
    for (const option of options) {
      expect(first.get(option) ?? 0, option).toBeGreaterThan(runs * 0.2);
      expect(first.get(option) ?? 0, option).toBeLessThan(runs * 0.3);
    }
  });

  it('orders questions differently for one visitor, and one question differently for two visitors', () => {
    const orders = new Set<string>();
    for (let id = 1; id <= 30; id += 1)
      orders.add(
        shuffleOptions(options, 'same', id)
          .map((o) => o.option)
          .join('|'),
      );
    expect(orders.size).toBeGreaterThan(5);
    const visitors = new Set<string>();
    for (let v = 1; v <= 30; v += 1)
      visitors.add(
        shuffleOptions(options, `visitor${v}`, 101)
          .map((o) => o.option)
          .join('|'),
      );
    expect(visitors.size).toBeGreaterThan(5);
  });

  it('checks the stored options chosen, whatever letters they are shown under', () => {
    for (let v = 0; v < 50; v += 1) {
      const shown = shuffleOptions(options, `v${v}`, 101);
      const right = shown.find((o) => o.option === 'B. 5.0');
      expect(isAnswerCorrect([right?.option ?? ''], ['B'])).toBe(true);
      const shownAsA = shown[0];
      if (shownAsA && shownAsA.option !== 'B. 5.0')
        expect(isAnswerCorrect([shownAsA.option], ['B'])).toBe(false);
    }
  });

  it('keeps one seed per visitor in local storage', () => {
    const seed = readOptionSeed();
    expect(window.localStorage.getItem(optionSeedKey)).toBe(seed);
    expect(readOptionSeed()).toBe(seed);
  });
});

describe('the quiz with shuffled options', () => {
  const question: QuizQuestion = {
    id: 101,
    topic: 'basics',
    text: 'What does this code print?',
    options,
    correctAnswer: ['B'],
    description: 'Integer division, then float.',
  };

  /** A seed under which the right answer (stored B) is not shown as B. */
  const seed = Array.from({ length: 100 }, (_, i) => `s${i}`).find(
    (s) => shuffleOptions(options, s, 101).findIndex((o) => o.option === 'B. 5.0') !== 1,
  ) as string;

  it("shows this visitor's order, relettered, and counts the right option right under its new letter", async () => {
    window.localStorage.setItem(optionSeedKey, seed);
    const expected = shuffleOptions(options, seed, 101);
    render(<JavaQuiz questions={[question]} topic={undefined} />);
    await waitFor(() =>
      expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent?.trim())).toEqual(
        expected.map((o) => o.label),
      ),
    );
    const right = expected.find((o) => o.option === 'B. 5.0');
    expect(right?.label.startsWith('B.')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: right?.label }));
    fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(screen.getByText('✔ Correct!')).toBeTruthy();
  });

  it('counts the option shown as B wrong when it is not the stored B', async () => {
    window.localStorage.setItem(optionSeedKey, seed);
    const expected = shuffleOptions(options, seed, 101);
    render(<JavaQuiz questions={[question]} topic={undefined} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: expected[1]?.label })).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: expected[1]?.label }));
    fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(screen.getByText('✖ Incorrect')).toBeTruthy();
  });
});
