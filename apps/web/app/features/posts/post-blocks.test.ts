import { describe, expect, it } from 'vitest';
import { postBlocks } from './post-blocks.ts';

const p = (...spans: [string, boolean?][]) => ({
  kind: 'paragraph',
  spans: spans.map(([text, bold]) => ({ text, bold: Boolean(bold) })),
});

describe('postBlocks', () => {
  it('splits a plain body at blank lines and keeps single line breaks', () => {
    expect(postBlocks({ content: 'One\nline two\n\n  \nTwo' })).toEqual([p(['One\nline two']), p(['Two'])]);
  });

  it('merges nobreak sections inline with the sections on both sides', () => {
    expect(
      postBlocks({
        contentArray: [
          { content: 'Alone.' },
          { content: 'Key idea:', bold: true },
          { content: 'first', nobreak: true },
          { content: 'second', nobreak: true },
          { content: 'end of run' },
          { content: 'Next paragraph.' },
        ],
      }),
    ).toEqual([
      p(['Alone.']),
      p(['Key idea:', true], ['first'], ['second'], ['end of run']),
      p(['Next paragraph.']),
    ]);
  });

  it('a leading nobreak section simply starts a paragraph', () => {
    expect(postBlocks({ contentArray: [{ content: 'a', nobreak: true }, { content: 'b' }] })).toEqual([
      p(['a'], ['b']),
    ]);
  });

  it('places images and tables after the paragraph their section belongs to', () => {
    expect(
      postBlocks({
        contentArray: [
          { content: 'See the chart', img: '/c.png', alt: 'Chart' },
          { content: 'and the table', nobreak: true, table: { headers: ['A'], rows: [['1']] } },
          { content: '', img: '/d.png', alt: 'Only a picture' },
        ],
      }),
    ).toEqual([
      p(['See the chart'], ['and the table']),
      { kind: 'image', src: '/c.png', alt: 'Chart' },
      { kind: 'table', headers: ['A'], rows: [['1']] },
      { kind: 'image', src: '/d.png', alt: 'Only a picture' },
    ]);
  });
});
