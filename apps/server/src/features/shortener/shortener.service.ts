import { createHash, randomInt } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import type { ShortenAnswer, ShortenBody, ShortLink } from '@hurryup/contracts/shortener';
import {
  aliasPattern,
  normalLongUrl,
  randomCodeAlphabet,
  randomCodeLength,
  reservedAliases,
  shortenerMessages,
  shortenFieldErrors,
  shortLinkPath,
} from '@hurryup/contracts/shortener-rules';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { ShortenerRepository, ShortLinkRow } from './shortener.repository.ts';

/** Tries at a random code before giving up: with 62^7 codes a second try is already rare. */
const codeTries = 8;
/** Short links kept in memory for redirects (links never change, so an entry is never stale). */
const hotLinksMax = 10_000;

/** A random code from a cryptographic source, uniform over the alphabet (`randomInt` rejects bias). */
export function randomCode(): string {
  let code = '';
  for (let i = 0; i < randomCodeLength; i++) code += randomCodeAlphabet[randomInt(randomCodeAlphabet.length)];
  return code;
}

/** The QR code of a short link as an SVG document. */
export function qrSvgOf(text: string): Promise<string> {
  return QRCode.toString(text, {
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

/** What the preview page shows of a short link. */
export interface ShortLinkPreview extends ShortLink {
  qrSvg: string;
}

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
}) {
  const { repository, clicks, clock, limit, baseUrl } = deps;
  const ownHost = new URL(baseUrl).hostname;
  const hot = new Map<string, string>();
  const shortUrlOf = (code: string) => `${baseUrl}${shortLinkPath(code)}`;

  function remember(code: string, longUrl: string) {
    if (hot.size >= hotLinksMax) hot.delete(hot.keys().next().value!);
    hot.set(code, longUrl);
  }

  async function answer(code: string): Promise<ShortenAnswer> {
    const shortUrl = shortUrlOf(code);
    return { shortUrl, code, qrSvg: await qrSvgOf(shortUrl) };
  }

  async function store(row: Omit<ShortLinkRow, 'clicks'>) {
    const result = await repository.insert(row);
    if (result === 'stored') remember(row.code, row.long_url);
    return result;
  }

  return {
    async shorten(body: ShortenBody, visitor: string): Promise<ShortenAnswer> {
      const fields = shortenFieldErrors(body, ownHost);
      const [first] = Object.values(fields);
      if (first !== undefined) throw new HttpError(400, errorCodes.validation, first, fields);
      const longUrl = normalLongUrl(body.longUrl);
      const urlHash = createHash('sha256').update(longUrl).digest('hex');
      const alias = body.alias?.trim() ?? '';
      const base = { long_url: longUrl, url_hash: urlHash, created_at: clock.date().toISOString() };

      if (alias !== '') {
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
     * Where `code` leads, from memory when it is hot: a string at once, or a promise when the database
     * must be asked (undefined: no such link).
     */
    destination(code: string): string | Promise<string | undefined> {
      const known = hot.get(code);
      if (known !== undefined) return known;
      return repository.find(code).then((row) => {
        if (!row) return undefined;
        remember(row.code, row.long_url);
        return row.long_url;
      });
    },

    /** A redirect of `code` happened. */
    clicked(code: string) {
      clicks.count(code);
    },

    /** The link as its preview page and `GET /api/short-links/:code` show it; undefined when unknown. */
    async find(code: string): Promise<ShortLink | undefined> {
      if (!aliasPattern.test(code)) return undefined;
      const row = await repository.find(code);
      if (!row) return undefined;
      return {
        code: row.code,
        shortUrl: shortUrlOf(row.code),
        longUrl: row.long_url,
        createdAt: row.created_at,
        clicks: row.clicks + clicks.unsaved(row.code),
      };
    },

    async preview(code: string): Promise<ShortLinkPreview | undefined> {
      const link = await this.find(code);
      return link && { ...link, qrSvg: await qrSvgOf(link.shortUrl) };
    },
  };
}
export type ShortenerService = ReturnType<typeof createShortenerService>;

const aliasTaken = () =>
  new HttpError(409, errorCodes.conflict, shortenerMessages.aliasTaken, {
    alias: shortenerMessages.aliasTaken,
  });
