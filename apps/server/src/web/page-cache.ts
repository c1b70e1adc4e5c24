import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gunzipSync, gzip, constants as zlib } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One rendered page (or public API answer) kept for every visitor, in the three encodings it is sent in. */
export interface CachedPage {
  status: number;
  /** Headers of the page itself (content type, its own Content-Security-Policy, Cache-Control). */
  headers: Record<string, string>;
  /** Weak validator of the content, the same in every encoding. */
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Epoch ms after which the page is rendered anew (time-dependent pages); Infinity when only writes matter. */
  expiresAt: number;
  /** Bytes held for the entry (its three bodies and its headers). */
  bytes: number;
  /** The kinds of content it shows (`SiteRegistry.contentChanged`); undefined: it follows every write. */
  shows: readonly string[] | undefined;
  /** The global content revision when its render started: it is fresh while none of its kinds is newer. */
  since: number;
}

/**
 * Bodies from this size up are kept compressed only: the uncompressed copy of a page (some 40–100 KB, four
 * times its Brotli copy) is asked for by the rare client that accepts no compression (a monitor's curl), and
 * holding it for every page cost a web process about 6 MB after one visit of every page (issue 28 item 3).
 */
export const identityKeptBelowBytes = 4096;

/**
 * An entry of the cache from a rendered answer and its compressed copies: a small body is kept as it is; a
 * larger one is inflated from its gzip copy for each request that accepts no compression. `bytes` counts
 * what is held, plus `overheadBytes` (headers, key).
 */
export function keptEntry(answer: Omit<CachedPage, 'bytes'>, overheadBytes: number): CachedPage {
  const { identity, ...rest } = answer;
  if (identity.length < identityKeptBelowBytes)
    return {
      ...answer,
      // A small body may be a view of a shared pool, which it would keep whole.
      identity: ownMemory(identity),
      bytes: identity.length + answer.br.length + answer.gzip.length + overheadBytes,
    };
  const entry = { ...rest, bytes: answer.br.length + answer.gzip.length + overheadBytes } as CachedPage;
  return Object.defineProperty(entry, 'identity', {
    enumerable: true,
    get: () => gunzipSync(entry.gzip),
  });
}

/** What the cache asks of the content revisions (shared/content-revision.ts). */
export interface FreshnessCheck {
  isFresh(shows: readonly string[] | undefined, since: number): boolean;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stores: number;
  evictions: number;
  /** Entries dropped because a kind of content they show was written. */
  invalidations: number;
  entries: number;
  bytes: number;
  /** Of the entries, those that say something is missing or wrongly addressed (400, 404, 410). */
  missingEntries: number;
}

/**
 * How long an answer that something is missing (a 400, 404 or 410 page) is kept at most: a link made under a code
 * someone asked for before, or anything else whose creation announces no write, shows within a minute.
 */
export const missingMaxAgeMs = 60_000;

/** One least-recently-used part of the cache, bounded by entry count and bytes. */
class Segment {
  readonly entries = new Map<string, CachedPage>();
  bytes = 0;
  evictions = 0;
  invalidations = 0;
  readonly limits: PageCacheLimits;
  constructor(limits: PageCacheLimits) {
    this.limits = limits;
  }

  set(key: string, entry: CachedPage) {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest, old);
      this.evictions += 1;
    }
  }

  prune(revisions: FreshnessCheck) {
    for (const [key, entry] of this.entries)
      if (!revisions.isFresh(entry.shows, entry.since)) {
        this.remove(key, entry);
        this.invalidations += 1;
      }
  }

  remove(key: string, entry: CachedPage) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * Rendered pages and public API answers, bounded by entry count and bytes: the least recently used go
 * first. An entry is answered only while none of the kinds of content it shows was written after its
 * render started (docs/decisions/0012-page-cache.md): a comment drops that image's page, not the blog.
 * Answers that something is missing or wrongly addressed (400, 404, 410) are kept apart, in a tenth of
 * the room and a minute at most: a scan of invented addresses costs one render each and never pushes out a page visitors read.
 */
export class PageCache {
  readonly #pages: Segment;
  readonly #missing: Segment;
  readonly #limits: PageCacheLimits;
  readonly #now: () => number;
  #hits = 0;
  #misses = 0;
  #stores = 0;

  constructor(limits: PageCacheLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
    this.#pages = new Segment(limits);
    this.#missing = new Segment({
      maxEntries: Math.ceil(limits.maxEntries / 10),
      maxBytes: Math.ceil(limits.maxBytes / 10),
    });
  }

  get limits(): Readonly<PageCacheLimits> {
    return this.#limits;
  }

  /** The entry stored under `key`, if it is still fresh. */
  get(key: string, revisions: FreshnessCheck, countMiss = true): CachedPage | undefined {
    let segment = this.#pages;
    let entry = segment.entries.get(key);
    if (!entry) {
      segment = this.#missing;
      entry = segment.entries.get(key);
    }
    if (!entry) {
      if (countMiss) this.#misses += 1;
      return undefined;
    }
    if (entry.expiresAt <= this.#now() || !revisions.isFresh(entry.shows, entry.since)) {
      segment.remove(key, entry);
      if (countMiss) this.#misses += 1;
      return undefined;
    }
    segment.entries.delete(key);
    segment.entries.set(key, entry);
    this.#hits += 1;
    return entry;
  }

  /** Keeps an entry; false when it is stale already (a write came during its render) or larger than its part. */
  set(key: string, entry: CachedPage, revisions: FreshnessCheck): boolean {
    const missing = entry.status >= 400;
    const segment = missing ? this.#missing : this.#pages;
    if (!revisions.isFresh(entry.shows, entry.since) || entry.bytes > segment.limits.maxBytes) return false;
    // A page stored under a key once asked for as missing (or the other way) leaves the other part.
    const other = missing ? this.#pages : this.#missing;
    const stale = other.entries.get(key);
    if (stale) other.remove(key, stale);
    segment.set(
      key,
      missing ? { ...entry, expiresAt: Math.min(entry.expiresAt, this.#now() + missingMaxAgeMs) } : entry,
    );
    this.#stores += 1;
    return true;
  }

  /** Frees the memory of every entry a write has made stale (called when a new revision is learnt). */
  prune(revisions: FreshnessCheck) {
    this.#pages.prune(revisions);
    this.#missing.prune(revisions);
  }

  clear() {
    for (const segment of [this.#pages, this.#missing]) {
      segment.entries.clear();
      segment.bytes = 0;
    }
  }

  get stats(): PageCacheStats {
    return {
      hits: this.#hits,
      misses: this.#misses,
      stores: this.#stores,
      evictions: this.#pages.evictions + this.#missing.evictions,
      invalidations: this.#pages.invalidations + this.#missing.invalidations,
      entries: this.#pages.entries.size + this.#missing.entries.size,
      bytes: this.#pages.bytes + this.#missing.bytes,
      missingEntries: this.#missing.entries.size,
    };
  }
}

/**
 * The cache key and the address a page (or answer) is rendered for: the path as asked, and only the query
 * parameters its route reads, in the order it declares them (repeats kept in their order). Tracking tags
 * (`utm_*`, `fbclid`, `gclid`) and invented parameters make neither a new entry nor a new render.
 */
export function canonicalAddress(url: string, reads: readonly string[]): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const pathname = url.slice(0, question);
  if (reads.length === 0) return pathname;
  const given = new URLSearchParams(url.slice(question + 1));
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

const inlineElements = {
  script: /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  style: /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi,
};

/**
 * The CSP source expression ('sha256-…') of every inline script (or style element) of an HTML document,
 * in order, without repeats. Scripts with a src are not inline; their text is ignored by browsers, and so
 * is the text of JSON data blocks.
 */
export function inlineHashes(html: string, kind: keyof typeof inlineElements): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(inlineElements[kind])) {
    if (kind === 'script' && /\bsrc\s*=/i.test(attributes!)) continue;
    if (kind === 'script' && /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of one cached page: the site's directives, with scripts allowed from this
 * site (and the configured ad and analytics hosts), and inline scripts and style elements allowed only by
 * the hashes of the page's own. No nonce: the same bytes go to every visitor
 * (docs/decisions/0012-page-cache.md).
 */
export function cachedPagePolicy(
  directives: Record<string, string[]>,
  scriptHosts: readonly string[],
  hashes: { scripts: readonly string[]; styles: readonly string[] },
): string {
  const policy: Record<string, string[]> = {
    ...directives,
    'script-src': ["'self'", ...hashes.scripts, ...scriptHosts],
    'style-src': [...(directives['style-src'] ?? ["'self'"]), ...hashes.styles],
  };
  return Object.entries(policy)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * The page's bodies in every encoding it is sent in, compressed once, off the main thread, each in memory of
 * its own size: zlib answers a body that fits its output chunk with a view of that chunk (64 KB), which kept
 * every cached copy of some 15 KB holding the whole chunk (7 MB for one visit of every page).
 */
export async function compressPage(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br: ownMemory(br), gzip: ownMemory(gz) };
}

/** A buffer in memory of its own size: a copy when it is a view of a larger one. */
function ownMemory(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  // Not Buffer.from or Buffer.copyBytesFrom: they take small copies from a shared 64 KB pool.
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

/** The encoding to send: Brotli when accepted, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

// Client-side cookies of the configured analytics and ad tags: the server never reads them, so they do
// not make a request personal (with analytics on, nearly every returning visitor sends them).
const thirdPartyCookie = /^(_ga(_.*)?|_gid|_gat(_.*)?|_gcl_.*|__gads|__gpi|__eoi|FCNEC)$/;

/**
 * Whether a request may carry something personal: credentials, or a cookie the site itself might read.
 * Such requests are rendered for the visitor and never answered from, nor stored in, the cache.
 */
export function isPersonalRequest(headers: { authorization?: string; cookie?: string }): boolean {
  if (headers.authorization) return true;
  if (!headers.cookie) return false;
  return headers.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .some((name) => name !== '' && !thirdPartyCookie.test(name));
}
