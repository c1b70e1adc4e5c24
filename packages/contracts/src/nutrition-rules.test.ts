import { describe, expect, it } from 'vitest';
import { nutritionMessages, nutritionTextError } from './nutrition-rules.ts';

describe('the nutrition checker input rules (page and server)', () => {
  it('accepts a food with or without an amount, up to 200 characters', () => {
    expect(nutritionTextError('2 rotis')).toBeUndefined();
    expect(nutritionTextError('  दाल  ')).toBeUndefined();
    expect(nutritionTextError(`1 ${'a'.repeat(198)}`)).toBeUndefined();
  });

  it('refuses empty, over-long and letterless text with its message', () => {
    expect(nutritionTextError('')).toBe(nutritionMessages.empty);
    expect(nutritionTextError(' \t ')).toBe(nutritionMessages.empty);
    expect(nutritionTextError('a'.repeat(201))).toBe(nutritionMessages.tooLong);
    expect(nutritionTextError('12345 !!')).toBe(nutritionMessages.nonsense);
  });

  it("keeps the specification's not-found text", () => {
    expect(nutritionMessages.notFound).toBe('No nutrition data found');
  });
});
