import { createHash } from 'node:crypto';
import { translationMessages, translationUnavailableCode } from '@hurryup/contracts/translation-rules';
import type { FastifyBaseLogger } from 'fastify';
import { chunkText, joinTranslated } from '../../adapters/text-chunks.ts';
import { type TranslationService, targetLanguage } from '../../adapters/translation-service.ts';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import { type Limit, RateLimitedError } from '../../shared/limits.ts';
import type { TranslationRepository } from './translation.repository.ts';

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
   * Per visitor: requests a minute and characters a day; `outgoing`: requests to services a minute for the
   * whole site (counted under one key), so many visitors at once cannot set off a storm of calls.
   */
  limits: { perMinute: Limit; charactersPerDay: Limit; outgoing: Limit };
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

  async function tryService(
    service: TranslationService,
    text: string,
    signal: AbortSignal,
    charge: (chars: number) => Promise<void>,
  ): Promise<string> {
    const chunked = chunkText(text, service.fits);
    const hashes = chunked.chunks.map(hashText);
    const stored = await repository.find(hashes, targetLanguage);
    const missing = chunked.chunks.flatMap((_, index) => (stored.has(hashes[index]!) ? [] : [index]));
    await charge(missing.reduce((sum, index) => sum + chunked.chunks[index]!.length, 0));
    const translations = chunked.chunks.map((_, index) => stored.get(hashes[index]!) ?? '');
    const failed = new AbortController();
    const pieceSignal = AbortSignal.any([signal, failed.signal]);
    let next = 0;
    const worker = async () => {
      while (next < missing.length && !pieceSignal.aborted) {
        const index = missing[next++]!;
        const chunk = chunked.chunks[index]!;
        try {
          if (!(await limits.outgoing.take(siteKey)).allowed) {
            throw new Error('the site-wide budget of translation requests a minute is spent');
          }
          const translated = (await service.translate(chunk, { signal: pieceSignal })).trim();
          translations[index] = translated;
          await repository.store({
            hash: hashes[index]!,
            target: targetLanguage,
            translated,
            service: service.name,
            sourceChars: chunk.length,
            now: new Date(clock.now()).toISOString(),
          });
        } catch (error) {
          failed.abort();
          throw error;
        }
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(piecesAtOnce, missing.length) }, worker),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return joinTranslated(chunked, translations);
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
          const translated = await tryService(service, text, deadline, charge);
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
