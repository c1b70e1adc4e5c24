import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export type ContentKind = 'blog' | 'post';

export interface ContentFile {
  /** Path relative to the imported folder, as shown in problem reports. */
  file: string;
  kind: ContentKind;
  /** One entry per item: a Markdown file holds one, a JSON file one object or an array of them. */
  items: unknown[];
}

export interface Problem {
  file: string;
  field: string;
  message: string;
}

export const formatProblem = (p: Problem) => `${p.file}: ${p.field}: ${p.message}`;

const folders: Record<string, ContentKind> = { blogs: 'blog', posts: 'post' };
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

/**
 * Reads `blogs/` and `posts/` under `root` (Markdown with front matter, or JSON). Files that cannot be read
 * or parsed become problems; nothing is thrown for bad content.
 */
export function readContentFolder(root: string): { files: ContentFile[]; problems: Problem[] } {
  const files: ContentFile[] = [];
  const problems: Problem[] = [];
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    return { files, problems: [{ file: root, field: 'folder', message: 'is not a folder' }] };
  }
  for (const [folder, kind] of Object.entries(folders)) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const file = `${folder}/${name}`;
      const ext = path.extname(name).toLowerCase();
      if (ext !== '.md' && ext !== '.json') {
        if (!name.startsWith('.'))
          problems.push({ file, field: 'file', message: 'only .md and .json files are read' });
        continue;
      }
      try {
        const text = fs.readFileSync(path.join(dir, name), 'utf8');
        if (ext === '.md') {
          files.push({ file, kind, items: [parseMarkdown(text)] });
        } else {
          const parsed: unknown = JSON.parse(text);
          files.push({ file, kind, items: Array.isArray(parsed) ? parsed : [parsed] });
        }
      } catch (error) {
        problems.push({
          file,
          field: 'file',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return { files, problems };
}
