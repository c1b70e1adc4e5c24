import { describe, expect, it } from 'vitest';
import { parseJsonWithLines } from './content-files.ts';

describe('JSON with lines', () => {
  it('parses like JSON.parse and knows the line each object and array starts on', () => {
    const text = '[\n  {"a": 1, "s": "x\\"y\\\\n"},\n\n  {\n    "b": [true, null, -1.5e3]\n  }\n]\n';
    const { value, lineOf } = parseJsonWithLines(text);
    expect(value).toEqual(JSON.parse(text));
    const [first, second] = value as [object, { b: unknown[] }];
    expect([lineOf(value), lineOf(first), lineOf(second), lineOf(second.b)]).toEqual([1, 2, 4, 5]);
    expect(lineOf('text')).toBeUndefined();
  });

  it('keeps "__proto__" as an own property, as JSON.parse does', () => {
    const { value } = parseJsonWithLines('{"__proto__": {"polluted": true}}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each(['[1,]', '{"a" 1}', '[1 2]', '"open', '{"a": 1} x', '', '[tru]'])(
    'refuses %j like JSON.parse',
    (text) => {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect(() => parseJsonWithLines(text)).toThrow(SyntaxError);
    },
  );
});

describe('Markdown front matter with lines', () => {
  it('knows the line each item of a front-matter list starts on', async () => {
    const { parseMarkdownWithLines } = await import('./content-files.ts');
    const text =
      '---\ntopic: generics\nquestions:\n  - id: 1\n    text: First\n  - id: 2\n    text: Second\n---\nBody\n';
    const { value, lineOf } = parseMarkdownWithLines(text);
    const questions = value.questions as object[];
    expect(value).toMatchObject({ topic: 'generics', content: 'Body' });
    expect(questions.map(lineOf)).toEqual([4, 6]);
  });
});
