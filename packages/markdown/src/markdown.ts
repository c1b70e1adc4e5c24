/*
 * Markdown (CommonMark and GFM tables) to safe HTML, on the server only: post and blog bodies, the console's
 * preview and docs/trading-methods.md (decision 0041). The text is parsed into a tree (micromark's mdast) and
 * the tree is written out here, element by element, from a fixed list: no HTML in the source passes through
 * (micromark's HTML constructs are switched off, so `<script>` is text), every text and attribute is escaped,
 * and a link or image keeps its address only when it is http(s), mailto (links) or on this site.
 */
import type {
  Heading,
  Image,
  Link,
  List,
  ListItem,
  Nodes,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

/** HTML the renderer wrote from a parsed tree: the one kind of text a page may set as inner HTML. */
export type SafeHtml = string & { readonly __safeHtml: true };

export interface MarkdownOptions {
  /**
   * The highest level a heading takes (a post's title is its page's h1, so its body's `#` and `##` are h2);
   * deeper headings keep their level.
   */
  topHeadingLevel?: 1 | 2 | 3;
  /** Headings get an id: `{#id}` at a heading's end, else its words joined by hyphens (a document's anchors). */
  headingIds?: boolean;
}

/**
 * Where each kind of body is shown: a post's title is its page's h1 (its body's headings are h2 at most), a
 * blog's title an h2 of the blog page (h3 at most); a document (docs/trading-methods.md) has its own h1 and
 * anchors.
 */
export const bodyKinds = {
  post: { topHeadingLevel: 2 },
  blog: { topHeadingLevel: 3 },
  document: { headingIds: true },
} as const satisfies Record<string, MarkdownOptions>;

/** The parse: CommonMark with GFM tables, raw HTML read as text. */
export function parseMarkdown(source: string): Root {
  return fromMarkdown(source, {
    extensions: [gfmTable(), { disable: { null: ['htmlFlow', 'htmlText'] } }],
    mdastExtensions: [gfmTableFromMarkdown()],
  });
}

/** Escapes text for HTML text and double-quoted attributes (the same five characters React escapes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;',
  );
}

/** Marks HTML this package built (from escaped text and fixed tags) as safe. */
export function trustedHtml(html: string): SafeHtml {
  return html as SafeHtml;
}

// Whitespace or control characters inside an address: browsers drop some of them ("java\tscript:"), so an
// address holding any is refused outright.
const unsafeCharacters = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

export type UrlUse = 'link' | 'image';

/**
 * The address as it may appear in a link or an image, or undefined when refused. Kept: `/path` on this site
 * (never `//host` or `/\host`, which browsers read as another host), `#anchor` (links), and absolute http(s)
 * and (links) mailto addresses. Everything else (javascript:, data:, vbscript:, a relative path, an address
 * with whitespace or control characters) is refused. Entities and escapes were already decoded by the parse,
 * so `&#106;avascript:` arrives here as `javascript:`.
 */
export function safeUrl(url: string, use: UrlUse): string | undefined {
  if (url === '' || unsafeCharacters.test(url)) return undefined;
  if (url.startsWith('/')) return /^\/[/\\]/.test(url) ? undefined : url;
  if (url.startsWith('#')) return use === 'link' ? url : undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    try {
      const parsed = new URL(url);
      return parsed.hostname === '' || url.includes('\\') ? undefined : url;
    } catch {
      return undefined;
    }
  }
  if (scheme === 'mailto' && use === 'link') return url;
  return undefined;
}

/** A heading's anchor: its words in lower case joined by hyphens. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

const headingId = /\s*\{#([A-Za-z][\w-]*)\}\s*$/;

/** The plain text of a node, as read aloud or in a summary (images give nothing, breaks a space). */
export function textOf(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code' || node.type === 'html')
    return node.value;
  if (node.type === 'break') return '\n';
  if (node.type === 'image' || node.type === 'imageReference') return '';
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('');
  return '';
}

interface Context {
  options: Required<MarkdownOptions>;
  definitions: Map<string, { url: string; title?: string | null | undefined }>;
  usedIds: Set<string>;
}

function collectDefinitions(node: Nodes, into: Context['definitions']) {
  if (node.type === 'definition') {
    if (!into.has(node.identifier)) into.set(node.identifier, { url: node.url, title: node.title });
    return;
  }
  if ('children' in node) for (const child of node.children as Nodes[]) collectDefinitions(child, into);
}

const titleAttribute = (title: string | null | undefined) => (title ? ` title="${escapeHtml(title)}"` : '');

function link(url: string, title: string | null | undefined, inner: string): string {
  const href = safeUrl(url, 'link');
  if (href === undefined) return inner;
  const external = /^(https?|mailto):/i.test(href);
  const rel = external ? ' rel="nofollow ugc noopener"' : '';
  return `<a href="${escapeHtml(href)}"${rel}${titleAttribute(title)}>${inner}</a>`;
}

function image(url: string, alt: string, title: string | null | undefined): string {
  const src = safeUrl(url, 'image');
  if (src === undefined) return escapeHtml(alt);
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${titleAttribute(title)} loading="lazy" decoding="async">`;
}

function phrasing(nodes: PhrasingContent[], context: Context): string {
  return nodes.map((node) => inline(node, context)).join('');
}

function inline(node: PhrasingContent, context: Context): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.value);
    case 'strong':
      return `<strong>${phrasing(node.children, context)}</strong>`;
    case 'emphasis':
      return `<em>${phrasing(node.children, context)}</em>`;
    case 'delete':
      return `<del>${phrasing(node.children, context)}</del>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'break':
      return '<br>';
    case 'link':
      return link((node as Link).url, node.title, phrasing(node.children, context));
    case 'image':
      return image((node as Image).url, node.alt ?? '', node.title);
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      const inner = phrasing(node.children, context);
      return definition ? link(definition.url, definition.title, inner) : inner;
    }
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition
        ? image(definition.url, node.alt ?? '', definition.title)
        : escapeHtml(node.alt ?? '');
    }
    case 'html':
      // Never reached (the HTML constructs are off); written out as text all the same.
      return escapeHtml(node.value);
    default:
      return escapeHtml(textOf(node as Nodes));
  }
}

function heading(node: Heading, context: Context): string {
  const level = Math.max(node.depth, context.options.topHeadingLevel);
  const children = [...node.children];
  let id: string | undefined;
  const last = children.at(-1);
  if (last?.type === 'text') {
    const explicit = headingId.exec(last.value);
    if (explicit) {
      children[children.length - 1] = { ...last, value: last.value.slice(0, explicit.index) };
      id = explicit[1];
    }
  }
  if (context.options.headingIds) {
    id ??= slugOf(children.map((child) => textOf(child)).join(''));
    let unique = id || 'section';
    for (let n = 2; context.usedIds.has(unique); n += 1) unique = `${id}-${n}`;
    context.usedIds.add(unique);
    id = unique;
  } else {
    id = undefined;
  }
  const idAttribute = id ? ` id="${escapeHtml(id)}"` : '';
  return `<h${level}${idAttribute}>${phrasing(children, context)}</h${level}>`;
}

function list(node: List, context: Context): string {
  const tag = node.ordered ? 'ol' : 'ul';
  const start = node.ordered && node.start != null && node.start !== 1 ? ` start="${node.start}"` : '';
  const items = node.children.map((item) => listItem(item, node, context)).join('');
  return `<${tag}${start}>${items}</${tag}>`;
}

function listItem(item: ListItem, parent: List, context: Context): string {
  // A tight list's paragraphs are written without <p>, as CommonMark's own HTML does.
  const loose = parent.spread || item.spread;
  const inner = item.children
    .map((child) =>
      child.type === 'paragraph' && !loose ? phrasing(child.children, context) : block(child, context),
    )
    .join('');
  return `<li>${inner}</li>`;
}

function table(node: Table, context: Context): string {
  const align = node.align ?? [];
  const cell = (tag: 'th' | 'td', children: PhrasingContent[], column: number) => {
    const a = align[column];
    const scope = tag === 'th' ? ' scope="col"' : '';
    const className = a ? ` class="align-${a}"` : '';
    return `<${tag}${scope}${className}>${phrasing(children, context)}</${tag}>`;
  };
  const [head, ...rows] = node.children;
  const width = head?.children.length ?? 0;
  const headHtml = head
    ? `<thead><tr>${head.children.map((c, i) => cell('th', c.children, i)).join('')}</tr></thead>`
    : '';
  const bodyHtml = rows
    .map((row) => {
      const cells = row.children.slice(0, width).map((c, i) => cell('td', c.children, i));
      while (cells.length < width) cells.push('<td></td>');
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  return `<div class="table-scroll"><table>${headHtml}<tbody>${bodyHtml}</tbody></table></div>`;
}

function block(node: RootContent, context: Context): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${phrasing(node.children, context)}</p>`;
    case 'heading':
      return heading(node, context);
    case 'thematicBreak':
      return '<hr>';
    case 'blockquote':
      return `<blockquote>${children(node, context)}</blockquote>`;
    case 'list':
      return list(node, context);
    case 'code': {
      const language = node.lang && /^[A-Za-z0-9_+-]{1,30}$/.test(node.lang) ? node.lang : undefined;
      const className = language ? ` class="language-${language}"` : '';
      return `<pre><code${className}>${escapeHtml(node.value)}</code></pre>`;
    }
    case 'table':
      return table(node, context);
    case 'definition':
      return '';
    case 'html':
      return `<p>${escapeHtml(node.value)}</p>`;
    default:
      // Anything else the parse may give (it has no other constructs switched on) is its text.
      return `<p>${escapeHtml(textOf(node as Nodes))}</p>`;
  }
}

function children(node: Parent, context: Context): string {
  return (node.children as RootContent[]).map((child) => block(child, context)).join('');
}

function contextFor(tree: Root, options: MarkdownOptions): Context {
  const definitions: Context['definitions'] = new Map();
  collectDefinitions(tree, definitions);
  return {
    options: { topHeadingLevel: options.topHeadingLevel ?? 1, headingIds: options.headingIds ?? false },
    definitions,
    usedIds: new Set(),
  };
}

/** Writes a parsed tree out as safe HTML. */
export function renderTree(tree: Root, options: MarkdownOptions = {}): SafeHtml {
  return trustedHtml(children(tree, contextFor(tree, options)));
}

/** Markdown to safe HTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): SafeHtml {
  return renderTree(parseMarkdown(source), options);
}

/**
 * What a reader hears or reads in a summary: each block's text, blocks separated by a blank line, list items
 * and table rows on lines of their own; no markup, no addresses, no images.
 */
export function markdownBlocks(source: string): string[] {
  return treeBlocks(parseMarkdown(source));
}

function treeBlocks(tree: Parent): string[] {
  const out: string[] = [];
  for (const node of tree.children as RootContent[]) {
    switch (node.type) {
      case 'definition':
      case 'thematicBreak':
        break;
      case 'heading': {
        const text = textOf(node).replace(headingId, '').trim();
        if (text) out.push(text);
        break;
      }
      case 'list':
        for (const item of node.children) out.push(...treeBlocks(item));
        break;
      case 'blockquote':
        out.push(...treeBlocks(node));
        break;
      case 'table':
        for (const row of node.children) {
          const text = row.children
            .map((cell) => textOf(cell).trim())
            .filter(Boolean)
            .join(', ');
          if (text) out.push(text);
        }
        break;
      default: {
        const text = textOf(node as Nodes).trim();
        if (text) out.push(text);
      }
    }
  }
  return out;
}

/** The first image of a Markdown text, with its alt text. */
export function markdownFirstImage(source: string): { url: string; alt: string } | undefined {
  const tree = parseMarkdown(source);
  const definitions: Context['definitions'] = new Map();
  collectDefinitions(tree, definitions);
  let found: { url: string; alt: string } | undefined;
  const visit = (node: Nodes) => {
    if (found) return;
    if (node.type === 'image') {
      const url = safeUrl(node.url, 'image');
      if (url) found = { url, alt: node.alt ?? '' };
    } else if (node.type === 'imageReference') {
      const url = safeUrl(definitions.get(node.identifier)?.url ?? '', 'image');
      if (url) found = { url, alt: node.alt ?? '' };
    } else if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return found;
}
