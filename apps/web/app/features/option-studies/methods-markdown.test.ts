import { describe, expect, it } from 'vitest';
import methodsText from '../../../../../docs/trading-methods.md?raw';
import { parseInline, parseMarkdown, slugOf } from './methods-markdown.ts';

describe('the methods document parser', () => {
  it('reads headings with anchors, paragraphs, lists, tables and code', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        '## Signal rules {#signal}',
        'One line',
        'and its next line with `code` and **bold**.',
        '',
        '- first',
        '  continued',
        '- second [link](/tradebot)',
        '',
        '1. one',
        '2. two',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '```',
        'x = 1',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'list',
      'list',
      'table',
      'code',
    ]);
    expect(blocks[0]).toMatchObject({ level: 1, id: 'title' });
    expect(blocks[1]).toMatchObject({
      level: 2,
      id: 'signal',
      content: [{ kind: 'text', text: 'Signal rules' }],
    });
    expect(blocks[2]).toEqual({
      kind: 'paragraph',
      content: [
        { kind: 'text', text: 'One line and its next line with ' },
        { kind: 'code', text: 'code' },
        { kind: 'text', text: ' and ' },
        { kind: 'strong', text: 'bold' },
        { kind: 'text', text: '.' },
      ],
    });
    expect(blocks[3]).toMatchObject({
      ordered: false,
      items: [[{ text: 'first continued' }], [{}, { kind: 'link', href: '/tradebot' }]],
    });
    expect(blocks[4]).toMatchObject({ ordered: true });
    expect(blocks[5]).toMatchObject({
      headers: [[{ text: 'a' }], [{ text: 'b' }]],
      rows: [[[{ text: '1' }], [{ text: '2' }]]],
    });
    expect(blocks[6]).toEqual({ kind: 'code', text: 'x = 1' });
  });

  it('keeps links to other schemes as text', () => {
    expect(parseInline('[x](javascript:alert(1))').some((part) => part.kind === 'link')).toBe(false);
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(slugOf('The `data` here!')).toBe('the-data-here');
  });

  it('gives the methods document the anchors the pages link to', () => {
    const ids = parseMarkdown(methodsText).flatMap((b) => (b.kind === 'heading' ? [b.id] : []));
    expect(ids).toEqual(expect.arrayContaining(['data', 'signal', 'backtest', 'strategy', 'patterns']));
  });
});
