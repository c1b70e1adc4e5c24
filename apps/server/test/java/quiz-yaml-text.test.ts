import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlias, isScalar, type Node, parseDocument, Scalar, visit } from 'yaml';
import { repositoryContent } from './seed-questions.ts';

/**
 * A question's text, options and explanation must reach the visitor whole. YAML gives a meaning to some
 * characters at the start of an unquoted value: `&name` is an anchor, `*name` an alias, `!tag` a tag, `|` and
 * `>` start a block, and `%`, `@` and the backtick are reserved. An explanation written as `&& short-circuits…`
 * loses its `&&` to an anchor without any error, so these checks read every file as YAML does and compare
 * each value with the text written in the file.
 */
const quizFolder = path.join(repositoryContent, 'quiz');
const frontMatter = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const questionFields = new Set(['text', 'description', 'options']);

interface Lost {
  where: string;
  problem: string;
}

/** Every anchor, alias and tag, and every unquoted value whose text differs from what YAML reads. */
function lostText(yamlText: string, where: string): Lost[] {
  const lost: Lost[] = [];
  const document = parseDocument(yamlText, { schema: 'core' });
  for (const error of document.errors) lost.push({ where, problem: error.message });
  for (const warning of document.warnings) lost.push({ where, problem: warning.message });
  visit(document, {
    Node(_key, node: Node) {
      if (isAlias(node)) {
        lost.push({ where, problem: `an alias *${node.source} replaces a value` });
        return;
      }
      if ('anchor' in node && node.anchor)
        lost.push({
          where,
          problem: `an anchor &${node.anchor} drops text before "${String(isScalar(node) ? node.value : '')}"`,
        });
      if ('tag' in node && node.tag)
        lost.push({
          where,
          problem: `a tag ${node.tag} drops text before "${String(isScalar(node) ? node.value : '')}"`,
        });
    },
  });
  visit(document, {
    Pair(_key, pair) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!questionFields.has(key)) return;
      const values =
        pair.value && 'items' in (pair.value as object)
          ? (pair.value as { items: unknown[] }).items
          : [pair.value];
      for (const value of values) {
        if (!isScalar(value) || value.type !== Scalar.PLAIN) continue;
        const written = yamlText
          .slice(...rangeOf(value))
          .replace(/\s*\n\s*/g, ' ')
          .trim();
        if (written !== String(value.value))
          lost.push({ where, problem: `${key} is written "${written}" but reads "${String(value.value)}"` });
      }
    },
  });
  return lost;
}

function rangeOf(node: Node): [number, number] {
  const [start, end] = node.range ?? [0, 0];
  return [start, end];
}

const files = fs
  .readdirSync(quizFolder)
  .filter((name) => name.endsWith('.md'))
  .sort();

describe('the question files read as written', () => {
  it('has question files to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(17);
  });

  it.each(files)('%s: no text is lost to an anchor, alias, tag or reserved character', (name) => {
    const text = fs.readFileSync(path.join(quizFolder, name), 'utf8');
    const yamlText = frontMatter.exec(text)?.[1];
    expect(yamlText, `${name} has front matter`).toBeDefined();
    expect(lostText(yamlText ?? '', name)).toEqual([]);
  });

  it('catches an explanation that starts with an unquoted && (an anchor) or another indicator', () => {
    const question = (description: string) =>
      `questions:\n  - id: 1\n    text: What?\n    options: ["a", "b"]\n    description: ${description}\n`;
    expect(lostText(question('&& short-circuits, so ++a is not run.'), 'x')).not.toEqual([]);
    expect(lostText(question('!important is a tag'), 'x')).not.toEqual([]);
    expect(lostText(question('*p is an alias'), 'x')).not.toEqual([]);
    expect(lostText(question('@Override marks it'), 'x')).not.toEqual([]);
    expect(lostText(question('`x` is code'), 'x')).not.toEqual([]);
    expect(lostText(question('"&& short-circuits, so ++a is not run."'), 'x')).toEqual([]);
    expect(lostText(question('a | b evaluates both sides'), 'x')).toEqual([]);
  });
});
