import type { MarketDataReadModel } from '@hurryup/market/market-data';
import type { PageData, PageMoment } from '@hurryup/web/load-context';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { CoreTables } from '../db/core-tables.ts';
import type { ContentRevision } from './content-revision.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the features contributed: page data, sitemap entries, feed items, content kinds. */
    site: SiteRegistry;
  }
}

export interface SitemapEntry {
  /** Site path, e.g. '/blog?entry=3'. */
  path: string;
  /** ISO date or timestamp of the last change. */
  lastmod: string;
}

export interface FeedItem {
  title: string;
  path: string;
  /** ISO timestamp. */
  date: string;
  description: string;
  author: string;
}

export interface Located<T> {
  /** Where the item came from, as shown in problem reports (e.g. 'posts/x.json[2]'). */
  file: string;
  value: T;
}

export interface ImportProblem {
  file: string;
  field: string;
  message: string;
}

/**
 * One kind of file content (blogs, posts, …) that `npm run content:import` and the first-start seed load
 * from a folder of the content directory. The import validates every item of every kind first, then writes
 * them all in one transaction.
 */
export interface ContentKind<S extends z.ZodType = z.ZodType> {
  /**
   * Where its files are, relative to the content folder: a folder of `.md` (one item each, body as
   * `content`) and `.json` files (one item, or an array of items), e.g. 'posts'; or one JSON file, e.g.
   * 'gallery/images.json'.
   */
  path: string;
  /** Turns a parsed JSON file into items, for files that are not an item or an array of items. */
  itemsOf?(parsed: unknown): unknown[];
  schema: S;
  /** Values that must differ between the items of one import, e.g. titles. */
  uniqueKeys?: { field: string; keyOf(item: z.output<S>): string | number | undefined }[];
  /** Problems only the stored rows can reveal, checked inside the transaction before anything is written. */
  check?(tx: Transaction<CoreTables>, items: Located<z.output<S>>[]): Promise<ImportProblem[]>;
  upsert(tx: Transaction<CoreTables>, item: z.output<S>): Promise<'created' | 'updated'>;
  /**
   * The kind of content an import of it changes ('blogs', 'gallery', …; `SiteRegistry.contentChanged`):
   * cached pages and answers that show it are rendered anew.
   */
  revisionKind: string;
  /** Runs inside the transaction after this kind's items were written. */
  finish?(tx: Transaction<CoreTables>): Promise<void>;
  /** Runs after the transaction committed (e.g. to refresh an in-memory index). */
  committed?(): void;
  /** Whether the kind has no rows yet: the seed loads only into empty tables. */
  isEmpty(): Promise<boolean>;
}

type Source<T> = () => Promise<T[]> | T[];

/** A picture the site shows, with its intrinsic size (what pages, comments and image copies rely on). */
export interface SiteImage {
  url: string;
  alt: string;
  width: number;
  height: number;
  /**
   * The page that shows it on its own, e.g. '/devbit/%2Fcontent%2F…'; absent for pictures that only
   * illustrate something else (thumbnails, story pages).
   */
  pagePath?: string | undefined;
}

/**
 * What a write changed: the kinds of content (`SiteRegistry.contentChanged`), and `pictures` when pictures
 * may have been added or replaced (not for, say, a comment).
 */
export interface ContentChange {
  kinds: readonly string[];
  pictures: boolean;
}

/**
 * A feature's pictures: all of them (for image copies) and, by URL, one that has a page of its own (what
 * visitors can refer to, e.g. comment on).
 */
export interface ImageSource {
  list(): Promise<SiteImage[]>;
  find(url: string): Promise<(SiteImage & { pagePath: string }) | undefined>;
  /**
   * Where its files are when they are not in the content folder's images: URLs under `prefix` (a path under
   * /content/images/, e.g. '/content/images/uploads/') are files in `dir` (the uploads, under DATA_DIR).
   */
  folder?: { prefix: string; dir: string };
}

/** What a visitor can report (POST /api/reports): a comment by its id, a short link by its code. */
export type ReportableKind = 'comment' | 'short-link';

/** A reportable item as the operator sees it beside its reports. */
export interface ReportableItem {
  /** The comment's text, or where the short link leads. */
  text: string;
  /** The page that shows it (the image's page, the short link's preview). */
  path: string;
  state: 'visible' | 'hidden' | 'active' | 'disabled';
}

/**
 * The feature that owns a reportable kind finds its items for the reports feature, which knows none of
 * their tables; the reports feature in turn counts each item's reports for the owner's admin lists.
 */
export interface ReportableSource {
  find(key: string): Promise<ReportableItem | undefined>;
}
export type ReportCounter = (kind: ReportableKind, keys: readonly string[]) => Promise<Map<string, number>>;

/**
 * Read models one feature keeps and others read (`provideReadModel`, `readModel`): the data stays the
 * owner's, read through one model with one invalidation rule instead of each reader querying its tables.
 */
export interface SiteReadModels {
  /** The market feature's stored bars and events, one snapshot per revision of the 'market' content. */
  marketData: MarketDataReadModel;
}

/**
 * When what a cached page shows changes with time alone, by name (a route's `handle.cache.follows`): the
 * instant (epoch ms) after `now` at which a page rendered at `now` goes stale. The page cache keeps it
 * until then at most.
 */
export type PageMomentEnd = (now: Date) => Promise<number> | number;

/**
 * What features contribute to the site as a whole, read when needed (never at registration), so features
 * can register in any order: page data for the server-rendered pages, sitemap entries, feed items and
 * content kinds for imports; and the content revision every write moves.
 */
export class SiteRegistry {
  readonly #pageData: Partial<PageData> = {};
  readonly #sitemap: Source<SitemapEntry>[] = [];
  readonly #feed: ((limit: number) => Promise<FeedItem[]>)[] = [];
  readonly #kinds: ContentKind[] = [];
  readonly #images: ImageSource[] = [];
  readonly #changeListeners: ((change: ContentChange) => void)[] = [];
  readonly #reportables = new Map<ReportableKind, ReportableSource>();
  #reportCounter: ReportCounter | undefined;
  readonly #readModels: Partial<SiteReadModels> = {};
  readonly #moments = new Map<PageMoment, PageMomentEnd>();
  /** Moved by every content write; what is derived from the content (cached pages) follows it. */
  readonly contentRevision: ContentRevision;
  readonly #reportError: (error: unknown) => void;

  constructor(contentRevision: ContentRevision, reportError: (error: unknown) => void = console.error) {
    this.contentRevision = contentRevision;
    this.#reportError = reportError;
  }

  providePageData<K extends keyof PageData>(key: K, reader: PageData[K]) {
    if (key in this.#pageData) throw new Error(`Page data "${String(key)}" is provided twice`);
    this.#pageData[key] = reader;
  }
  /** Every reader the features provided; the pages' loaders read theirs by key. */
  get pageData(): PageData {
    return this.#pageData as PageData;
  }

  provideReadModel<K extends keyof SiteReadModels>(key: K, model: SiteReadModels[K]) {
    if (key in this.#readModels) throw new Error(`Read model "${key}" is provided twice`);
    this.#readModels[key] = model;
  }
  /** A read model another feature provides; read when needed (it throws when no feature provides it). */
  readModel<K extends keyof SiteReadModels>(key: K): SiteReadModels[K] {
    const model = this.#readModels[key];
    if (!model) throw new Error(`No feature provides the read model "${key}"`);
    return model as SiteReadModels[K];
  }

  /** A moment cached pages may follow (`handle.cache.follows: [name]`), e.g. 'market-minute'. */
  providePageMoment(name: PageMoment, moment: PageMomentEnd) {
    if (this.#moments.has(name)) throw new Error(`Page moment "${name}" is provided twice`);
    this.#moments.set(name, moment);
  }
  /**
   * The earliest instant at which a page following these moments, rendered at `now`, goes stale; a moment no
   * feature provides makes the page stale at once (it is not kept).
   */
  async pageMomentsEnd(names: readonly PageMoment[], now: Date): Promise<number> {
    let until = Number.POSITIVE_INFINITY;
    for (const name of names) {
      const moment = this.#moments.get(name);
      until = Math.min(until, moment ? await moment(now) : now.getTime());
    }
    return until;
  }

  addSitemapSource(source: Source<SitemapEntry>) {
    this.#sitemap.push(source);
  }
  async sitemapEntries(): Promise<SitemapEntry[]> {
    return (await Promise.all(this.#sitemap.map((source) => source()))).flat();
  }

  /** A source of the newest items for the RSS feed: it returns at most `limit`, newest first. */
  addFeedSource(source: (limit: number) => Promise<FeedItem[]>) {
    this.#feed.push(source);
  }
  async feedItems(limit: number): Promise<FeedItem[]> {
    const all = (await Promise.all(this.#feed.map((source) => source(limit)))).flat();
    return all.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit);
  }

  addContentKind<S extends z.ZodType>(kind: ContentKind<S>) {
    if (this.#kinds.some((k) => k.path === kind.path)) throw new Error(`Content path "${kind.path}" twice`);
    this.#kinds.push(kind as unknown as ContentKind);
  }
  get contentKinds(): readonly ContentKind[] {
    return this.#kinds;
  }

  /** A feature's pictures, so other features can refer to them without knowing which feature owns them. */
  addImageSource(source: ImageSource) {
    this.#images.push(source);
  }
  /** Every picture every feature shows. */
  async images(): Promise<SiteImage[]> {
    return (await Promise.all(this.#images.map((source) => source.list()))).flat();
  }
  /** The folders of pictures kept outside the content folder (`ImageSource.folder`). */
  imageFolders(): { prefix: string; dir: string }[] {
    return this.#images.flatMap((source) => (source.folder ? [source.folder] : []));
  }
  /** The picture with this URL and a page of its own, whichever feature shows it; undefined when none. */
  async knownImage(url: string): Promise<(SiteImage & { pagePath: string }) | undefined> {
    for (const source of this.#images) {
      const found = await source.find(url);
      if (found) return found;
    }
    return undefined;
  }

  /** The feature that owns `kind` (comments, the shortener) lets visitors report its items. */
  addReportable(kind: ReportableKind, source: ReportableSource) {
    if (this.#reportables.has(kind)) throw new Error(`Reportable kind "${kind}" twice`);
    this.#reportables.set(kind, source);
  }
  /** A reportable item by its kind and key; undefined when there is none (or no feature owns the kind). */
  async reportable(kind: ReportableKind, key: string): Promise<ReportableItem | undefined> {
    return this.#reportables.get(kind)?.find(key);
  }
  /** The reports feature counts reports for the owners' admin lists. */
  provideReportCounts(counter: ReportCounter) {
    if (this.#reportCounter) throw new Error('Report counts are provided twice');
    this.#reportCounter = counter;
  }
  /** Reports of each of these items (none without the reports feature). */
  async reportCounts(kind: ReportableKind, keys: readonly string[]): Promise<Map<string, number>> {
    if (!this.#reportCounter || keys.length === 0) return new Map();
    return this.#reportCounter(kind, keys);
  }

  /** For anything that must hear at once when what pages show has changed (a page cache, image copies). */
  onContentChanged(listener: (change: ContentChange) => void) {
    this.#changeListeners.push(listener);
  }
  /**
   * A write changed what some pages show: the kinds of content it changed, named by the feature that owns
   * them ('blogs', 'posts', 'gallery', 'videos', 'webstories', 'devbit', 'market', 'market-news', and
   * 'comments:<image URL>' for one image's comments; a family name such as 'comments' stands for all of
   * its kinds). Only the cached pages and answers that show one of them are rendered anew, in every
   * process; those that declare no kinds (sitemap, feeds) follow every write. Every write calls this after
   * it succeeds and before it answers (inside its transaction when it has one, so they commit together);
   * listeners in this process hear it at once. The admin API and imports do it for every feature, with the
   * kind each declares. It never rejects: the write itself has succeeded, and a revision that could not be
   * recorded is reported and caught up by the next write of that kind.
   */
  async contentChanged(
    kinds: readonly string[],
    options: { pictures?: boolean; tx?: Parameters<ContentRevision['changed']>[1] } = {},
  ): Promise<void> {
    if (kinds.length === 0) throw new Error('contentChanged: name the kinds of content the write changed');
    const change: ContentChange = { kinds, pictures: options.pictures ?? true };
    for (const listener of this.#changeListeners) listener(change);
    await this.contentRevision.changed(kinds, options.tx).catch(this.#reportError);
  }
}
