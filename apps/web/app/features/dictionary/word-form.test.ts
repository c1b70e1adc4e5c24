import { describe, expect, it } from 'vitest';
import { describeWordForm } from './word-form.ts';

describe('what form of its base a looked-up word is', () => {
  it.each([
    ['went', 'go', ['verb'], 'past tense of'],
    ['gone', 'go', ['verb'], 'past participle of'],
    ['made', 'make', ['verb', 'noun'], 'past tense and past participle of'],
    ['walked', 'walk', ['verb', 'noun'], 'past tense and past participle of'],
    ['running', 'run', ['verb', 'noun'], 'present participle of'],
    ['children', 'child', ['noun'], 'plural of'],
    ['cacti', 'cactus', ['noun'], 'plural of'],
    ['boxes', 'box', ['noun'], 'plural of'],
    ['bigger', 'big', ['adjective'], 'comparative of'],
    ['biggest', 'big', ['adjective'], 'superlative of'],
    ['better', 'good', ['adjective', 'noun'], 'comparative of'],
    ['worst', 'bad', ['adjective'], 'superlative of'],
  ])('%s: %s %s', (form, base, parts, expected) => {
    expect(describeWordForm(form, base, parts)).toBe(expected);
  });

  it("says 'a form of' when two readings fit ('runs': the noun's plural or the verb's third person)", () => {
    expect(describeWordForm('runs', 'run', ['noun', 'verb'])).toBe('a form of');
  });

  it("says 'a form of' when nothing fits for sure", () => {
    expect(describeWordForm('ate', 'eat', ['noun'])).toBe('a form of');
  });
});
