import { describe, expect, it } from 'vitest';
import { collapseWhitespace, postPath, titleFromPostSegment } from './post-slug.ts';

describe('post titles in URLs', () => {
  it('collapses runs of whitespace to one space and trims', () => {
    expect(collapseWhitespace('  How   to\tuse \n the   tools  ')).toBe('How to use the tools');
  });

  it('builds /post/{encoded collapsed title}', () => {
    expect(postPath('UPI  safety')).toBe('/post/UPI%20safety');
    expect(postPath('A/B? #1 100%')).toBe('/post/A%2FB%3F%20%231%20100%25');
  });

  it.each([
    'Is a 100% win rate possible?',
    'Slash / and hash # and query ?',
    'UPI PIN: कभी किसी को न बताएं',
    'Emoji 🚀 titles 🇮🇳',
    'Percent %20 literal',
  ])('round-trips %s', (title) => {
    const segment = postPath(title).slice('/post/'.length);
    expect(segment).not.toMatch(/[/?#\s]/);
    expect(titleFromPostSegment(segment)).toBe(title);
  });

  it('gives null for empty or undecodable ids', () => {
    expect(titleFromPostSegment('')).toBeNull();
    expect(titleFromPostSegment('%20%20')).toBeNull();
    expect(titleFromPostSegment('%E0%A4')).toBeNull();
    expect(titleFromPostSegment('100%')).toBeNull();
    expect(titleFromPostSegment('abc%00')).toBeNull();
  });
});
