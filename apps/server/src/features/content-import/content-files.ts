import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ImportProblem } from '../../shared/site-registry.ts';

export interface ContentFile {
  /** Path relative to the imported folder, as shown in problem reports. */
  file: string;
  /** The parsed file: a Markdown file's front matter plus body, or the JSON value. */
  parsed: unknown;
}

export const formatProblem = (p: ImportProblem) => `${p.file}: ${p.field}: ${p.message}`;

const frontMatter = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** Markdown with YAML front matter: the front matter's fields plus the body as `content`. */
export function parseMarkdown(text: string): Record<string, unknown> {
  const match = frontMatter.exec(text);
  if (!match) throw new Error('must start with a front matter block between two "---" lines');
  // The core schema keeps dates as text; the contracts validate them.
  const meta = parseYaml(match[1]!, { schema: 'core' }) ?? {};
  if (typeof meta !== 'object' || Array.isArray(meta))
    throw new Error('the front matter must be key: value lines');
  const body = match[2]!.replace(/^\s*\n/, '').replace(/\s+$/, '');
  return { ...(meta as Record<string, unknown>), ...(body ? { content: body } : {}) };
}

function readFile(root: string, file: string): ContentFile {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return { file, parsed: file.endsWith('.md') ? parseMarkdown(text) : JSON.parse(text) };
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
