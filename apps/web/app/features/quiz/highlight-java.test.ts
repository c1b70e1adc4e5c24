import { describe, expect, it } from 'vitest';
import { highlightJava } from './highlight-java.ts';

describe('the Java highlighter', () => {
  it('marks keywords, strings, chars, text blocks, comments and numbers, and keeps every character', () => {
    const source =
      'public record P(int x) { // the "point"\n  String s = "if \\"x\\"" + \'c\' + """\n  class""";\n  /* for */ long n = 10_000L; var non = 1; }';
    const tokens = highlightJava(source);
    expect(tokens.map((t) => t.text).join('')).toBe(source);
    const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(of('keyword')).toEqual(['public', 'record', 'int', 'long', 'var']);
    expect(of('comment')).toEqual(['// the "point"', '/* for */']);
    expect(of('string')).toEqual(['"if \\"x\\""', "'c'", '"""\n  class"""']);
    expect(of('number')).toEqual(['10_000L', '1']);
  });

  it('knows non-sealed and does not take parts of names for keywords', () => {
    const tokens = highlightJava('non-sealed class Classic extends Format {}');
    expect(tokens.filter((t) => t.kind === 'keyword').map((t) => t.text)).toEqual([
      'non-sealed',
      'class',
      'extends',
    ]);
  });
});
