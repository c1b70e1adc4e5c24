import { describe, expect, it } from 'vitest';
import { isAnswerCorrect } from './quiz-rules.ts';

describe('the quiz correctness rule (section 5)', () => {
  it('compares the sorted first letters of the selected options with the sorted correct answers', () => {
    expect(isAnswerCorrect(['B. 7 11'], ['B'])).toBe(true);
    expect(isAnswerCorrect(['D. Line 4', 'B. Line 2'], ['B', 'D'])).toBe(true);
    expect(isAnswerCorrect(['B. Line 2', 'D. Line 4'], ['D', 'B'])).toBe(true);
  });

  it('is incorrect for a missing, an extra, a wrong or no selection', () => {
    expect(isAnswerCorrect(['B. Line 2'], ['B', 'D'])).toBe(false);
    expect(isAnswerCorrect(['A. x', 'B. y', 'D. z'], ['B', 'D'])).toBe(false);
    expect(isAnswerCorrect(['A. 3'], ['B'])).toBe(false);
    expect(isAnswerCorrect([], ['A'])).toBe(false);
  });
});
