import { createHash } from 'node:crypto';
import { translationMessages, translationUnavailableCode } from '@hurryup/contracts/translation-rules';
import type { FastifyBaseLogger } from 'fastify';
import { chunkText, joinTranslated } from '../../adapters/text-chunks.ts';
import { type TranslationService, targetLanguage } from '../../adapters/translation-service.ts';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import { type Limit, RateLimitedError } from '../../shared/limits.ts';
import type { TranslationRepository } from './translation.repository.ts';
import { packPieces } from './translation-pieces.ts';

/** Requests to one service in flight at once for one text's pieces. */
const piecesAtOnce = 3;

export const hashText = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The one key the site-wide budget of outgoing requests is counted under. */
const siteKey = 'site';

const unavailable = () => new HttpError(503, translationUnavailableCode, translationMessages.unavailable);

export interface TranslationServiceOptions {
  repository: TranslationRepository;
  /** Tried in this order; the next one only when the one before failed. Empty: stored translations only. */
  services: readonly TranslationService[];
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * Per visitor: requests a minute, characters a day and requests to services a minute (`visitorOutgoing`,
   * counted first); `outgoing`: requests to services a minute for the whole site (counted under one key),
   * so many visitors at once cannot set off a storm of calls.
   */
  limits: { perMinute: Limit; charactersPerDay: Limit; visitorOutgoing: Limit; outgoing: Limit };
  /** The longest a visitor's request may wait for the services, all tries included. */
  deadlineMs: number;
}

/**
 * English to Hindi translation: a text translated before (by any service) comes from the database; a new one
 * is cut into pieces each service takes, the pieces not stored yet are translated (a few at a time, in order,
 * no retry) and stored one by one, so a failure halfway keeps what was done; when one service fails the next
 * is tried, and when none answers the visitor gets 503 'Translation is unavailable right now…'.
 */
export function createTranslationService(options: TranslationServiceOptions) {
  const { repository, services, clock, log, limits } = options;

  /**
   * Translates `text` with one service: its pieces (lines, or sentences of a long line) are looked up in
   * the store; the distinct ones not stored are packed, one per line, into as few requests as the
   * service's limit allows, each sent once. A service keeps line breaks, so each answer line is its
   * piece's translation, stored on its own for every later text; an answer whose lines do not match is
   * split in two and sent again, down to single pieces.
   */
  async function tryService(
    service: TranslationService,
    text: string,
    signal: AbortSignal,
    charge: (chars: number) => Promise<void>,
    visitor: string,
  ): Promise<string> {
    const chunked = chunkText(text, service.fits);
    const distinct = [...new Set(chunked.chunks)];
    const hashes = new Map(distinct.map((piece) => [piece, hashText(piece)]));
    const stored = await repository.find([...hashes.values()], targetLanguage);
    const translated = new Map<string, string>();
    for (const [piece, hash] of hashes) {
      const found = stored.get(hash);
      if (found !== undefined) translated.set(piece, found);
    }
    const missing = distinct.filter((piece) => !translated.has(piece));
    await charge(missing.reduce((sum, piece) => sum + piece.length, 0));
    const queue = packPieces(missing, service.fits).map((pieces) => ({ pieces, paid: true }));
    await takeRequests(visitor, queue.length);

    const failed = new AbortController();
    const pieceSignal = AbortSignal.any([signal, failed.signal]);
    const worker = async () => {
      while (queue.length > 0 && !pieceSignal.aborted) {
        const { pieces: batch, paid } = queue.shift()!;
        try {
          // The packed requests were paid for before any was sent; a split costs one more each.
          if (!paid) await takeRequests(visitor, 1);
          const answer = (await service.translate(batch.join('\n'), { signal: pieceSignal })).trim();
          const lines = answer.split(/\r?\n/);
          if (batch.length > 1 && lines.length !== batch.length) {
            const half = Math.ceil(batch.length / 2);
            queue.push(
              { pieces: batch.slice(0, half), paid: false },
              { pieces: batch.slice(half), paid: false },
            );
            continue;
          }
          const parts = batch.length === 1 ? [answer] : lines;
          const now = new Date(clock.now()).toISOString();
          const entries = batch.map((piece, index) => {
            const hindi = parts[index]!.trim();
            translated.set(piece, hindi);
            return {
              hash: hashes.get(piece)!,
              target: targetLanguage,
              translated: hindi,
              service: service.name,
              sourceChars: piece.length,
              now,
            };
          });
          await repository.storeMany(entries);
        } catch (error) {
          failed.abort();
          throw error;
        }
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(piecesAtOnce, queue.length) }, worker),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return joinTranslated(
      chunked,
      chunked.chunks.map((piece) => translated.get(piece) ?? ''),
    );
  }

  /**
   * Counts `count` requests to a service against the visitor's own budget first, then the site's: one
   * visitor's long text spends their budget, not everyone's. Either refusal sends nothing.
   */
  async function takeRequests(visitor: string, count: number) {
    if (count === 0) return;
    const own = await limits.visitorOutgoing.take(visitor, count);
    if (!own.allowed) {
      await limits.visitorOutgoing.refund(visitor, count);
      throw new RateLimitedError(translationMessages.perMinute, own.retryAfterSeconds);
    }
    const site = await limits.outgoing.take(siteKey, count);
    if (!site.allowed) {
      await limits.outgoing.refund(siteKey, count);
      await limits.visitorOutgoing.refund(visitor, count);
      throw new Error('the site-wide budget of translation requests a minute is spent');
    }
  }

  return {
    /** The Hindi text of `rawText`; `visitor` is the client key the limits count. */
    async translate(rawText: string, visitor: string): Promise<string> {
      await limits.perMinute.enforce(visitor);
      const text = rawText.trim();
      const hash = hashText(text);
      const whole = (await repository.find([hash], targetLanguage)).get(hash);
      if (whole !== undefined) return whole;
      if (services.length === 0) throw unavailable();

      // Characters sent to a service count against the visitor's day, once, whichever service answers.
      let charged = 0;
      const charge = async (chars: number) => {
        if (charged > 0 || chars === 0) return;
        const result = await limits.charactersPerDay.take(visitor, chars);
        if (!result.allowed) {
          await limits.charactersPerDay.refund(visitor, chars);
          throw new RateLimitedError(translationMessages.perDay, result.retryAfterSeconds);
        }
        charged = chars;
      };
      const deadline = AbortSignal.timeout(options.deadlineMs);
      for (const service of services) {
        if (deadline.aborted) break;
        try {
          const translated = await tryService(service, text, deadline, charge, visitor);
          await repository.store({
            hash,
            target: targetLanguage,
            translated,
            service: service.name,
            sourceChars: text.length,
            now: new Date(clock.now()).toISOString(),
          });
          return translated;
        } catch (error) {
          if (error instanceof RateLimitedError) throw error;
          log.warn({ service: service.name, err: (error as Error).message }, 'translation service failed');
        }
      }
      // Nothing was translated for the visitor: the characters are given back.
      if (charged > 0) await limits.charactersPerDay.refund(visitor, charged);
      throw unavailable();
    },
  };
}
export type TranslationServiceApi = ReturnType<typeof createTranslationService>;
