import fs from 'node:fs';
import path from 'node:path';
import type { Node as YamlNode } from 'yaml';
import { loadOnUse } from '../../shared/load-on-use.ts';
import type { ImportProblem } from '../../shared/site-registry.ts';

// Loaded with the first content file read (the seed on a first start, an import): not by every start.
const loadYaml = loadOnUse<typeof import('yaml')>('yaml');

export interface ContentFile {
  /** Path relative to the imported folder, as shown in problem reports. */
  file: string;
  /** The parsed file: a Markdown file's front matter plus body, or the JSON value. */
  parsed: unknown;
  /** The line an object or list of the file starts on (1-based), so problems can name it. */
  lineOf?: (value: unknown) => number | undefined;
}

type LineOf = (value: unknown) => number | undefined;
const lineOfIn =
  (lines: WeakMap<object, number>): LineOf =>
  (item) =>
    typeof item === 'object' && item !== null ? lines.get(item) : undefined;

export const formatProblem = (p: ImportProblem) => `${p.file}: ${p.field}: ${p.message}`;

const frontMatter = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/**
 * Markdown with YAML front matter: the front matter's fields plus the body as `content`, and the line each
 * object and list of the front matter starts on (the items of a list of questions, say).
 */
export function parseMarkdownWithLines(text: string): { value: Record<string, unknown>; lineOf: LineOf } {
  const match = frontMatter.exec(text);
  if (!match) throw new Error('must start with a front matter block between two "---" lines');
  const { isMap, isScalar, isSeq, LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  // The core schema keeps dates as text; the contracts validate them.
  const document = parseDocument(match[1]!, { schema: 'core', lineCounter });
  if (document.errors.length > 0) throw new Error(document.errors[0]!.message);
  const meta: unknown = document.toJS() ?? {};
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    throw new Error('the front matter must be key: value lines');
  const lines = new WeakMap<object, number>();
  const walk = (node: unknown, value: unknown) => {
    if (typeof value !== 'object' || value === null || !node || isScalar(node)) return;
    const start = (node as YamlNode).range?.[0];
    // The front matter starts on the line after the opening "---".
    if (start !== undefined) lines.set(value, lineCounter.linePos(start).line + 1);
    if (isSeq(node) && Array.isArray(value)) {
      for (const [i, item] of node.items.entries()) walk(item, value[i]);
    } else if (isMap(node))
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key !== undefined) walk(pair.value, (value as Record<string, unknown>)[key]);
      }
  };
  walk(document.contents, meta);
  const body = match[2]!.replace(/^\s*\n/, '').replace(/\s+$/, '');
  return {
    value: { ...(meta as Record<string, unknown>), ...(body ? { content: body } : {}) },
    lineOf: lineOfIn(lines),
  };
}

/** Markdown with YAML front matter: the front matter's fields plus the body as `content`. */
export function parseMarkdown(text: string): Record<string, unknown> {
  return parseMarkdownWithLines(text).value;
}

/**
 * JSON.parse, also noting the line each object and array starts on (JSON.parse keeps no positions). Strings
 * and numbers are decoded by JSON.parse itself; this only walks the structure. Throws SyntaxError like it.
 */
export function parseJsonWithLines(text: string): { value: unknown; lineOf: LineOf } {
  const lines = new WeakMap<object, number>();
  let at = 0;
  let line = 1;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at line ${line}`);
  };
  const skipSpace = () => {
    while (at < text.length) {
      const char = text[at]!;
      if (char === '\n') line += 1;
      else if (char !== ' ' && char !== '\t' && char !== '\r' && char !== '\uFEFF') break;
      at += 1;
    }
  };
  const readString = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') at += 1;
      else if (text[at] === '\n') fail('Unterminated string');
      at += 1;
    }
    if (at >= text.length) fail('Unterminated string');
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const readValue = (): unknown => {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      const object: Record<string, unknown> = {};
      lines.set(object, line);
      at += 1;
      skipSpace();
      if (text[at] === '}') {
        at += 1;
        return object;
      }
      for (;;) {
        skipSpace();
        if (text[at] !== '"') fail('Expected a property name');
        const key = readString();
        skipSpace();
        if (text[at] !== ':') fail('Expected ":"');
        at += 1;
        // Defined as JSON.parse does, so "__proto__" is an own property, not the prototype.
        Object.defineProperty(object, key, {
          value: readValue(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipSpace();
        if (text[at] === ',') at += 1;
        else if (text[at] === '}') {
          at += 1;
          return object;
        } else fail('Expected "," or "}"');
      }
    }
    if (char === '[') {
      const array: unknown[] = [];
      lines.set(array, line);
      at += 1;
      skipSpace();
      if (text[at] === ']') {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(readValue());
        skipSpace();
        if (text[at] === ',') at += 1;
        else if (text[at] === ']') {
          at += 1;
          return array;
        } else fail('Expected "," or "]"');
      }
    }
    if (char === '"') return readString();
    const literal = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
      text.slice(at, at + 400),
    );
    if (!literal)
      fail(char === undefined ? 'Unexpected end of JSON input' : `Unexpected token ${JSON.stringify(char)}`);
    at += literal![0].length;
    return JSON.parse(literal![0]);
  };
  const value = readValue();
  skipSpace();
  if (at < text.length) fail('Unexpected text after the JSON value');
  return { value, lineOf: lineOfIn(lines) };
}

function readFile(root: string, file: string): ContentFile {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const { value, lineOf } = file.endsWith('.md') ? parseMarkdownWithLines(text) : parseJsonWithLines(text);
  return { file, parsed: value, lineOf };
}

/**
 * Reads the files of one content path under `root`: every `.md` and `.json` file of a folder, or one JSON
 * file. A missing path has no files. Files that cannot be read or parsed become problems; nothing is thrown
 * for bad content.
 */
export function readContentPath(
  root: string,
  contentPath: string,
): { files: ContentFile[]; problems: ImportProblem[] } {
  const files: ContentFile[] = [];
  const problems: ImportProblem[] = [];
  const full = path.join(root, contentPath);
  if (!fs.existsSync(full)) return { files, problems };
  const names = fs.statSync(full).isDirectory()
    ? fs
        .readdirSync(full)
        .sort()
        .filter((name) => !name.startsWith('.'))
        .map((name) => `${contentPath}/${name}`)
    : [contentPath];
  for (const file of names) {
    const ext = path.extname(file).toLowerCase();
    if (ext !== '.md' && ext !== '.json') {
      problems.push({ file, field: 'file', message: 'only .md and .json files are read' });
      continue;
    }
    try {
      files.push(readFile(root, file));
    } catch (error) {
      problems.push({ file, field: 'file', message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { files, problems };
}
