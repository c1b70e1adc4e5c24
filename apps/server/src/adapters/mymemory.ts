import { fitsBytes } from './text-chunks.ts';
import { requestService, serviceMessage, TranslationServiceError } from './translation-http.ts';
import { sourceLanguage, type TranslationService, targetLanguage } from './translation-service.ts';

/** MyMemory refuses a `q` over 500 bytes (its per-request limit). */
export const myMemoryMaxBytes = 500;

/**
 * MyMemory's free API (`GET /get?q=…&langpair=en|hi[&de=e-mail]`), keyless: about 5,000 characters a day per
 * address, 50,000 with a contact e-mail in `de`. It answers HTTP 200 even to many failures, with the real
 * status in `responseStatus` (429 when the day's quota is used up, 403 for a bad request) and the warning in
 * `responseDetails` (and sometimes in `translatedText`), so both are checked.
 */
export function createMyMemoryService(options: {
  baseUrl: string;
  email?: string | undefined;
  timeoutMs: number;
}): TranslationService {
  const name = 'MyMemory';
  return {
    name: 'mymemory',
    fits: fitsBytes(myMemoryMaxBytes),
    async translate(text, { signal } = {}) {
      const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/get`);
      url.search = new URLSearchParams({
        q: text,
        langpair: `${sourceLanguage}|${targetLanguage}`,
        ...(options.email ? { de: options.email } : {}),
      }).toString();
      const answer = await requestService({
        service: name,
        url: url.toString(),
        method: 'GET',
        timeoutMs: options.timeoutMs,
        signal,
      });
      const body = answer.body as
        | {
            responseData?: { translatedText?: unknown };
            responseStatus?: unknown;
            responseDetails?: unknown;
            quotaFinished?: unknown;
          }
        | undefined;
      const status = Number(body?.responseStatus ?? answer.status);
      if (answer.status !== 200 || status !== 200 || body?.quotaFinished === true) {
        const detail = serviceMessage(body, ['responseDetails'], ['responseData', 'translatedText']);
        throw new TranslationServiceError(
          `${name} answered HTTP ${answer.status} (status ${Number.isFinite(status) ? status : 'unknown'})${detail ? `: ${detail}` : ''}`,
        );
      }
      const translated = body?.responseData?.translatedText;
      if (typeof translated !== 'string' || translated.trim() === '') {
        throw new TranslationServiceError(`${name} answered without a translation`);
      }
      return translated;
    },
  };
}
