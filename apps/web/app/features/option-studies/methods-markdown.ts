/*
 * The small part of Markdown the methods document uses, turned into blocks a page renders as React elements
 * (never as HTML text): headings with anchors, paragraphs, lists, tables, code blocks, and inline code,
 * bold and links. Anything else stays plain text.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; id: string; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; headers: Inline[][]; rows: Inline[][][] }
  | { kind: 'code'; text: string };

/** A heading's anchor: an explicit `{#id}` at its end, else its words in lower case joined by hyphens. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

const inlinePattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Links only to this site's paths, anchors or http(s) addresses; anything else stays text. */
const safeHref = (href: string) => /^(\/(?!\/)|#|https?:\/\/)/.test(href);

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'code', text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: 'strong', text: match[2] });
    else if (safeHref(match[4]!)) out.push({ kind: 'link', text: match[3]!, href: match[4]! });
    else out.push({ kind: 'text', text: match[3]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  const listItem = /^\s*(?:([-*])|(\d+)\.)\s+(.*)$/;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    if (line.startsWith('```')) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i++]!);
      i += 1;
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = /^(#{1,4})\s+(.*?)(?:\s+\{#([a-z0-9-]+)\})?\s*$/.exec(line);
    if (heading) {
      const text = heading[2]!;
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4,
        id: heading[3] ?? slugOf(text),
        content: parseInline(text),
      });
      i += 1;
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?\s*:?-+/.test(lines[i + 1] ?? '')) {
      const headers = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      blocks.push({ kind: 'table', headers, rows });
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      const items: string[] = [];
      while (i < lines.length) {
        const current = listItem.exec(lines[i]!);
        if (current && (current[2] !== undefined) === ordered) items.push(current[3]!);
        else if (lines[i]!.startsWith('  ') && lines[i]!.trim() !== '' && items.length > 0)
          items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !/^(#{1,4}\s|```|\s*\|)/.test(lines[i]!) &&
      !listItem.test(lines[i]!)
    )
      paragraph.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
