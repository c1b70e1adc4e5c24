import { createHash, randomInt } from 'node:crypto';
import { shortLinkKind } from '@hurryup/contracts/content-kinds';
import { errorCodes } from '@hurryup/contracts/errors';
import type { AdminShortLink, ShortenAnswer, ShortenBody, ShortLink } from '@hurryup/contracts/shortener';
import {
  aliasPattern,
  normalLongUrl,
  previewPath,
  randomCodeAlphabet,
  randomCodeLength,
  reservedAliases,
  shortenerMessages,
  shortenFieldErrors,
  shortLinkPath,
} from '@hurryup/contracts/shortener-rules';
import type { FastifyBaseLogger } from 'fastify';
import type QRCodeModule from 'qrcode';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import { loadOnUse } from '../../shared/load-on-use.ts';
import type { ShortenerRepository, ShortLinkRow } from './shortener.repository.ts';

// Loaded with the first QR code drawn.
const qrCode = loadOnUse<typeof QRCodeModule>('qrcode');

/** Tries at a random code before giving up: with 62^7 codes a second try is already rare. */
const codeTries = 8;
/**
 * Short links kept in memory for redirects. An entry holds the content revision it was read at: a disable
 * or delete moves its code's revision (`short-links:<code>`) in every process, and an entry older than that
 * is read again.
 */
const hotLinksMax = 10_000;

/**
 * Codes found to lead nowhere are remembered this long (at most `unknownCodesMax` of them): a dead link
 * asked for again and again costs one database read a second, not one a request. A link made in another
 * process under a code asked for in the second before is answered 404 for the rest of that second; one made in
 * this process is known at once.
 */
export const unknownCodeMemoryMs = 1_000;
const unknownCodesMax = 10_000;

/** Where a link leads: its long URL, `gone` (disabled or deleted by the site: 410), or undefined (no link). */
export const gone = Symbol('gone');
/** `destinationInMemory`: memory cannot say without asking the database. */
export const notInMemory = Symbol('not in memory');
export type Destination = string | typeof gone | undefined;

/** What the redirect needs of the content revisions (shared/content-revision.ts). */
export interface LinkRevisions {
  current(): Promise<number> | number;
  latestOf(kinds: readonly string[]): number;
}

/** A random code from a cryptographic source, uniform over the alphabet (`randomInt` rejects bias). */
export function randomCode(): string {
  let code = '';
  for (let i = 0; i < randomCodeLength; i++) code += randomCodeAlphabet[randomInt(randomCodeAlphabet.length)];
  return code;
}

/** The QR code of a short link as an SVG document. */
export function qrSvgOf(text: string): Promise<string> {
  return qrCode().toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * Clicks counted in this process's memory and added to the database in batches, one atomic
 * `clicks = clicks + n` per code: each process adds only its own increments, so several processes (or a
 * restart) never lose or double a click. A batch is written when it is `flushAfterMs` old (at the next click,
 * or by the feature's timer on the platform clock, which calls `flush()` every `flushAfterMs`), and on shutdown.
 */
export function createClickCounter(deps: {
  repository: Pick<ShortenerRepository, 'addClicks'>;
  clock: Clock;
  log: FastifyBaseLogger;
  flushAfterMs: number;
}) {
  const { repository, clock, log, flushAfterMs } = deps;
  let pending = new Map<string, number>();
  let startedAt = 0;
  /** Batches being written: still counted by `unsaved` until they are stored. */
  const writing = new Set<Map<string, number>>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>) {
    writing.add(batch);
    try {
      await repository.addClicks(batch);
    } catch (error) {
      // Kept for the next batch: a database that is briefly away loses no click.
      log.error(
        { err: error, codes: batch.size },
        'could not store a batch of clicks; kept for the next one',
      );
      for (const [code, n] of batch) add(code, n);
    } finally {
      writing.delete(batch);
    }
  }

  function add(code: string, n: number) {
    if (pending.size === 0) startedAt = clock.now();
    pending.set(code, (pending.get(code) ?? 0) + n);
  }

  /** Writes the batch now (batches are written one after another); resolves when it is stored. */
  function flush(): Promise<void> {
    flushing = flushing.then(() => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      return write(batch);
    });
    return flushing;
  }

  return {
    /** One redirect of `code`. */
    count(code: string) {
      add(code, 1);
      if (clock.now() - startedAt >= flushAfterMs) void flush();
    },
    flush,
    /** Clicks of `code` counted here and not stored yet. */
    unsaved(code: string): number {
      let n = pending.get(code) ?? 0;
      for (const batch of writing) n += batch.get(code) ?? 0;
      return n;
    },
  };
}
export type ClickCounter = ReturnType<typeof createClickCounter>;

/** What the preview page shows of a short link: the link, or that the site disabled it. */
export type ShortLinkPreview =
  | (ShortLink & { qrSvg: string; disabled: false })
  | { code: string; disabled: true };

/**
 * The shortener's rules: the page's checks again (shortener-rules.ts), aliases unique and case-sensitive,
 * random codes retried on collision, one random link per long URL, a per-visitor limit on new links, and
 * redirects answered from memory for hot links with their clicks counted in batches.
 */
export function createShortenerService(deps: {
  repository: ShortenerRepository;
  clicks: ClickCounter;
  clock: Clock;
  limit: Limit;
  /** PUBLIC_BASE_URL, without its final slash. */
  baseUrl: string;
  /** The content revisions: how this process learns that another one disabled or deleted a link. */
  revisions: LinkRevisions;
  /** Announces a disable, enable or delete to every process (`site.contentChanged`). */
  changed(code: string): Promise<void>;
  /** Visitors' reports of these links (the reports feature, through the site registry). */
  reportCounts(codes: readonly string[]): Promise<Map<string, number>>;
}) {
  const { repository, clicks, clock, limit, baseUrl, revisions } = deps;
  const ownHost = new URL(baseUrl).hostname;
  const hot = new Map<string, { target: string | typeof gone; since: number }>();
  // Code → when it was found unknown (clock ms).
  const unknown = new Map<string, number>();
  const shortUrlOf = (code: string) => `${baseUrl}${shortLinkPath(code)}`;
  const isGone = (row: ShortLinkRow) => row.deleted === 1 || row.disabled_at !== null;
  function remember(code: string, target: string | typeof gone, since: number) {
    if (!hot.has(code) && hot.size >= hotLinksMax) hot.delete(hot.keys().next().value!);
    hot.set(code, { target, since });
  }
  async function answer(code: string): Promise<ShortenAnswer> {
    const shortUrl = shortUrlOf(code);
    return { shortUrl, code, qrSvg: await qrSvgOf(shortUrl) };
  }
  async function store(row: Omit<ShortLinkRow, 'clicks' | 'disabled_at' | 'deleted'>) {
    const result = await repository.insert(row);
    unknown.delete(row.code);
    if (result === 'stored') remember(row.code, row.long_url, await revisions.current());
    return result;
  }
  // Reads under way, by code: a code asked for by many at once (a dead link scanned, a hot link whose
  // memory just expired) is read once.
  const loading = new Map<string, Promise<Destination>>();
  function load(code: string): Promise<Destination> {
    let reading = loading.get(code);
    if (!reading) {
      reading = read(code).finally(() => loading.delete(code));
      loading.set(code, reading);
    }
    return reading;
  }
  /** Reads the link, remembering it with the revision known before the read (so a later change is seen). */
  async function read(code: string): Promise<Destination> {
    const since = await revisions.current();
    const row = await repository.find(code);
    if (!row) {
      if (unknown.size >= unknownCodesMax) unknown.delete(unknown.keys().next().value!);
      unknown.set(code, clock.now());
      return undefined;
    }
    const target = isGone(row) ? gone : row.long_url;
    remember(row.code, target, since);
    return target;
  }
  function linkOf(row: ShortLinkRow): ShortLink {
    return {
      code: row.code,
      shortUrl: shortUrlOf(row.code),
      longUrl: row.long_url,
      createdAt: row.created_at,
      clicks: row.clicks + clicks.unsaved(row.code),
    };
  }
  const adminLinkOf = (row: ShortLinkRow, reports: number): AdminShortLink => ({
    ...linkOf(row),
    reports,
    disabled: row.disabled_at !== null,
    disabledAt: row.disabled_at,
  });
  /** A change made here: this process stops (or starts) redirecting at once, the others at their next look. */
  async function changedHere(code: string, target: string | typeof gone) {
    await deps.changed(code);
    remember(code, target, await revisions.current());
  }
  const notFound = () => new HttpError(404, errorCodes.notFound, shortenerMessages.notFound);
  return {
    async shorten(body: ShortenBody, visitor: string): Promise<ShortenAnswer> {
      const fields = shortenFieldErrors(body, ownHost);
      const [first] = Object.values(fields);
      if (first !== undefined) throw new HttpError(400, errorCodes.validation, first, fields);
      const longUrl = normalLongUrl(body.longUrl);
      const urlHash = createHash('sha256').update(longUrl).digest('hex');
      if (await repository.urlDisabled(urlHash, longUrl))
        throw new HttpError(400, errorCodes.validation, shortenerMessages.urlDisabled, {
          longUrl: shortenerMessages.urlDisabled,
        });
      const alias = body.alias?.trim() ?? '';
      const base = { long_url: longUrl, url_hash: urlHash, created_at: clock.date().toISOString() };
      if (alias !== '') {
        // A deleted link's code stays taken: it is never given out again.
        if ((await repository.find(alias)) !== undefined) throw aliasTaken();
        // Counted only for links that would be stored: a visitor fixing a typo is not punished.
        await limit.enforce(visitor);
        const result = await store({ ...base, code: alias, is_alias: 1 });
        if (result !== 'stored') throw aliasTaken();
        return answer(alias);
      }
      const existing = await repository.findRandomFor(urlHash, longUrl);
      if (existing) return answer(existing.code);
      await limit.enforce(visitor);
      for (let attempt = 0; attempt < codeTries; attempt++) {
        const code = randomCode();
        if (reservedAliases.has(code.toLowerCase())) continue;
        const result = await store({ ...base, code, is_alias: 0 });
        if (result === 'stored') return answer(code);
        if (result === 'url-has-link') {
          // Another request stored this URL's link meanwhile: the same URL gets the same link.
          const stored = await repository.findRandomFor(urlHash, longUrl);
          if (stored) return answer(stored.code);
        }
      }
      throw new Error(`No free random code after ${codeTries} tries`);
    },
    /**
     * Where `code` leads, from memory when it is hot and no change of it is known since it was read: at once,
     * or a promise when the database must be asked (once a second, for the revisions; or for the link).
     */
    destination(code: string): Destination | Promise<Destination> {
      const entry = hot.get(code);
      if (entry === undefined) {
        const foundUnknown = unknown.get(code);
        if (foundUnknown !== undefined && clock.now() - foundUnknown < unknownCodeMemoryMs) return undefined;
        unknown.delete(code);
        return load(code);
      }
      const current = revisions.current();
      if (typeof current !== 'number') return current.then(() => this.destination(code));
      if (revisions.latestOf([shortLinkKind(code)]) <= entry.since) return entry.target;
      hot.delete(code);
      return load(code);
    },
    /**
     * Where `code` leads when memory knows without asking anything (the front door's question), else
     * `notInMemory`: then `destination` asks.
     */
    destinationInMemory(code: string): Destination | typeof notInMemory {
      const entry = hot.get(code);
      if (entry === undefined) {
        const foundUnknown = unknown.get(code);
        return foundUnknown !== undefined && clock.now() - foundUnknown < unknownCodeMemoryMs
          ? undefined
          : notInMemory;
      }
      if (typeof revisions.current() !== 'number') return notInMemory;
      return revisions.latestOf([shortLinkKind(code)]) <= entry.since ? entry.target : notInMemory;
    },
    /** A redirect of `code` happened. */
    clicked(code: string) {
      clicks.count(code);
    },
    /**
     * The link as `GET /api/short-links/:code` shows it; `gone` when the site disabled or deleted it,
     * undefined when unknown.
     */
    async find(code: string): Promise<ShortLink | typeof gone | undefined> {
      if (!aliasPattern.test(code)) return undefined;
      const row = await repository.find(code);
      if (!row) return undefined;
      return isGone(row) ? gone : linkOf(row);
    },
    async preview(code: string): Promise<ShortLinkPreview | undefined> {
      const link = await this.find(code);
      if (link === undefined) return undefined;
      if (link === gone) return { code, disabled: true };
      return { ...link, qrSvg: await qrSvgOf(link.shortUrl), disabled: false };
    },
    /** What a visitor's report refers to, as the operator sees it; undefined for no link or a deleted one. */
    async reportable(code: string) {
      const row = aliasPattern.test(code) ? await repository.find(code) : undefined;
      if (!row || row.deleted === 1) return undefined;
      return {
        text: row.long_url,
        path: previewPath(row.code),
        state: row.disabled_at === null ? ('active' as const) : ('disabled' as const),
      };
    },
    /** The operator's list: links not deleted, newest first, with their clicks and reports. */
    async listForAdmin(page: { limit: number; offset: number }): Promise<AdminShortLink[]> {
      const rows = await repository.listNewest(page);
      const reports = await deps.reportCounts(rows.map((row) => row.code));
      return rows.map((row) => adminLinkOf(row, reports.get(row.code) ?? 0));
    },
    async setDisabled(code: string, disabled: boolean): Promise<AdminShortLink> {
      const row = await repository.setDisabled(code, disabled ? clock.date().toISOString() : null);
      if (!row) throw notFound();
      await changedHere(code, disabled ? gone : row.long_url);
      const reports = await deps.reportCounts([code]);
      return adminLinkOf(row, reports.get(code) ?? 0);
    },
    async delete(code: string): Promise<void> {
      if (!(await repository.markDeleted(code, clock.date().toISOString()))) throw notFound();
      await changedHere(code, gone);
    },
  };
}
export type ShortenerService = ReturnType<typeof createShortenerService>;

const aliasTaken = () =>
  new HttpError(409, errorCodes.conflict, shortenerMessages.aliasTaken, {
    alias: shortenerMessages.aliasTaken,
  });
