import { describe, expect, it } from 'vitest';
import { postInputSchema } from './post.ts';
import {
  postFirstImage,
  postParagraphs,
  postPlainText,
  postReadAloudText,
  postSummary,
} from './post-text.ts';

describe('postParagraphs', () => {
  it('splits content at blank lines', () => {
    expect(postParagraphs({ content: 'One\nstill one\n\n\nTwo  \n \nThree' })).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });

  it('joins nobreak sections with their neighbours', () => {
    const contentArray = [
      { content: 'First.' },
      { content: 'Key idea:', bold: true },
      { content: 'joined', nobreak: true },
      { content: 'and joined too', nobreak: true },
      { content: 'also joined' },
      { content: 'Separate.' },
    ];
    expect(postParagraphs({ contentArray })).toEqual([
      'First.',
      'Key idea: joined and joined too also joined',
      'Separate.',
    ]);
    expect(postPlainText({ contentArray: [{ content: 'A' }, { content: 'B' }] })).toBe('A\n\nB');
  });
});

describe('postSummary and postFirstImage', () => {
  it('prefers the description, else the first paragraph, cut at a word', () => {
    expect(postSummary({ description: 'Short.', content: 'Body' })).toBe('Short.');
    expect(postSummary({ content: 'First paragraph here.\n\nSecond.' })).toBe('First paragraph here.');
    const long = `${'word '.repeat(60)}end`;
    const summary = postSummary({ content: long }, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary).not.toMatch(/wor…$/);
  });

  it('finds the header image, else the first section image', () => {
    expect(postFirstImage({ image: '/a.png' })).toEqual({ url: '/a.png' });
    expect(
      postFirstImage({ contentArray: [{ content: 'x' }, { content: 'y', img: '/b.png', alt: 'B' }] }),
    ).toEqual({
      url: '/b.png',
      alt: 'B',
    });
    expect(postFirstImage({})).toBeUndefined();
  });
});

describe('postReadAloudText', () => {
  const body = { content: 'First.\n\nSecond.' };

  it('reads the title as a sentence of its own, then the post', () => {
    expect(postReadAloudText({ title: 'UPI safety tips', ...body })).toBe(
      'UPI safety tips.\n\nFirst.\n\nSecond.',
    );
  });

  it("never doubles the title's own ending", () => {
    for (const title of ['Is crypto worth its risks?', 'Stop!', 'Wait…', 'Done.', 'नमस्ते।', '“Save more.”']) {
      expect(postReadAloudText({ title, ...body })).toBe(`${title}\n\nFirst.\n\nSecond.`);
    }
    expect(postReadAloudText({ title: '  Trailing space?  ', ...body })).toMatch(/^Trailing space\?\n\n/);
  });
});

describe('postInputSchema', () => {
  const base = { title: 'T', createdAt: '2025-05-05' };

  it('accepts text as a synonym of content', () => {
    expect(postInputSchema.parse({ ...base, text: 'Body' }).content).toBe('Body');
  });

  it('needs a body, and only one kind of body', () => {
    expect(postInputSchema.safeParse(base).error?.issues[0]?.message).toBe(
      'A post needs content (or text) or contentArray.',
    );
    expect(
      postInputSchema.safeParse({ ...base, content: 'x', contentArray: [{ content: 'y' }] }).success,
    ).toBe(false);
  });

  it('checks section shapes: images need alt, table rows match headers', () => {
    const result = postInputSchema.safeParse({
      ...base,
      contentArray: [
        { content: 'a', img: '/x.png' },
        { content: 'b', table: { headers: ['A', 'B'], rows: [['1']] } },
        { content: 3 },
      ],
    });
    const paths = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toContain('contentArray.0.alt: An image needs alt text.');
    expect(paths).toContain(
      'contentArray.1.table: Every table row must have as many cells as there are headers.',
    );
    expect(paths).toContain('contentArray.2.content: Each section needs content text.');
  });
});
