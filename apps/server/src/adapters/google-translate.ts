import { fitsChars } from './text-chunks.ts';
import { requestService, serviceMessage, TranslationServiceError } from './translation-http.ts';
import { sourceLanguage, type TranslationService, targetLanguage } from './translation-service.ts';

/** Google recommends at most 5,000 characters of text per request. */
export const googleTranslateMaxChars = 5000;

/**
 * Google Cloud Translation, Basic edition (v2): `POST /language/translate/v2?key=…` with JSON `{q, source,
 * target, format: 'text'}`, answering `{data: {translations: [{translatedText}]}}` or `{error: {code,
 * message}}`. The key travels in the query string, which error messages never include.
 */
export function createGoogleTranslateService(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): TranslationService {
  const name = 'Google Cloud Translation';
  return {
    name: 'google',
    fits: fitsChars(googleTranslateMaxChars),
    async translate(text, { signal } = {}) {
      const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/language/translate/v2`);
      url.searchParams.set('key', options.apiKey);
      const answer = await requestService({
        service: name,
        url: url.toString(),
        method: 'POST',
        json: { q: text, source: sourceLanguage, target: targetLanguage, format: 'text' },
        timeoutMs: options.timeoutMs,
        signal,
      });
      if (answer.status !== 200) {
        const detail = serviceMessage(answer.body, ['error', 'message']);
        throw new TranslationServiceError(
          `${name} answered HTTP ${answer.status}${detail ? `: ${detail}` : ''}`,
        );
      }
      const translations = (
        answer.body as { data?: { translations?: { translatedText?: unknown }[] } } | undefined
      )?.data?.translations;
      const translated = Array.isArray(translations) ? translations[0]?.translatedText : undefined;
      if (typeof translated !== 'string' || translated.trim() === '') {
        throw new TranslationServiceError(`${name} answered without a translation`);
      }
      return translated;
    },
  };
}
