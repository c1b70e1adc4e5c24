import { describe, expect, it } from 'vitest';
import { PostSearchIndex } from './posts-search-index.ts';

describe('PostSearchIndex ranking', () => {
  const index = new PostSearchIndex();
  index.replaceAll([
    { id: 1, title: 'Monsoon safety at home', description: 'Keep your UPI apps updated during power cuts' },
    { id: 2, title: 'UPI safety: never share your PIN', description: 'Common frauds and how to avoid them' },
    { id: 3, title: 'Reading nutrition labels', description: undefined },
  ]);

  it('ranks a title match far above a description match', () => {
    expect(index.search('UPI').map((h) => h.id)).toEqual([2, 1]);
  });

  it('requires every word when some post has them all, else any word', () => {
    expect(index.search('monsoon safety').map((h) => h.id)).toEqual([1]);
    expect(
      index
        .search('monsoon labels')
        .map((h) => h.id)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('keeps the index current on upsert and remove', () => {
    index.upsert({ id: 3, title: 'Reading food labels', description: 'Calories and protein' });
    expect(index.search('nutrition')).toEqual([]);
    expect(index.search('protein')[0]).toEqual({
      id: 3,
      title: 'Reading food labels',
      description: 'Calories and protein',
    });
    index.remove(3);
    expect(index.search('protein')).toEqual([]);
    expect(index.size).toBe(2);
  });
});

describe('search building blocks', () => {
  it('tokenizes Latin and Devanagari words, ignoring punctuation and case', async () => {
    const { tokenize } = await import('./posts-search-index.ts');
    expect(tokenize('UPI PIN: कभी किसी को न बताएं – 100% safe!')).toEqual([
      'upi',
      'pin',
      'कभी',
      'किसी',
      'को',
      'न',
      'बताएं',
      '100',
      'safe',
    ]);
  });

  it('counts a swap of neighbouring letters as one edit', async () => {
    const { editDistanceWithin } = await import('./posts-search-index.ts');
    expect(editDistanceWithin('sectoins', 'sections', 1)).toBe(true);
    expect(editDistanceWithin('compresor', 'compressor', 1)).toBe(true);
    expect(editDistanceWithin('kitten', 'sitting', 2)).toBe(false);
    expect(editDistanceWithin('kitten', 'sitting', 3)).toBe(true);
  });

  it('finds Devanagari words and ranks newer posts first on equal scores', () => {
    const index = new PostSearchIndex();
    index.replaceAll([
      { id: 1, title: 'UPI PIN: कभी किसी को न बताएं', description: undefined },
      { id: 2, title: 'Budget basics', description: undefined },
      { id: 3, title: 'Budget basics again', description: undefined },
    ]);
    expect(index.search('बताएं').map((h) => h.id)).toEqual([1]);
    expect(index.search('budget').map((h) => h.id)).toEqual([3, 2]);
  });
});

describe('PostSearchIndex builds its postings at the first search', () => {
  it('holds only the posts until searched, and answers the same as one built from the start', () => {
    const lazy = new PostSearchIndex();
    lazy.replaceAll([
      { id: 1, title: 'Monsoon safety at home', description: 'Keep your UPI apps updated' },
      { id: 2, title: 'UPI safety: never share your PIN', description: undefined },
    ]);
    // Changes before the first search are kept as posts, then indexed with the rest.
    lazy.upsert({ id: 3, title: 'Budget basics', description: 'A UPI budget for the month' });
    lazy.remove(1);
    expect(lazy.built).toBe(false);
    expect(lazy.size).toBe(2);
    expect(lazy.search('UPI').map((hit) => hit.id)).toEqual([2, 3]);
    expect(lazy.built).toBe(true);
    // After it, changes go straight into the postings.
    lazy.upsert({ id: 4, title: 'UPI limits', description: undefined });
    lazy.remove(2);
    expect(lazy.search('UPI').map((hit) => hit.id)).toEqual([4, 3]);
    expect(lazy.search('monsoon')).toEqual([]);
    // A new list starts unbuilt again.
    lazy.replaceAll([{ id: 5, title: 'Gold prices', description: undefined }]);
    expect(lazy.built).toBe(false);
    expect(lazy.search('gold').map((hit) => hit.id)).toEqual([5]);
  });
});
