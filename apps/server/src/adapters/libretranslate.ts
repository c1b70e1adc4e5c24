import { fitsChars } from './text-chunks.ts';
import { requestService, serviceMessage, TranslationServiceError } from './translation-http.ts';
import { sourceLanguage, type TranslationService, targetLanguage } from './translation-service.ts';

/**
 * A LibreTranslate server, usually self-hosted (`POST /translate` with JSON `{q, source, target, format,
 * api_key?}`, answering `{translatedText}` or `{error}` with a 4xx/5xx). `maxChars` is the server's
 * `--char-limit` (no limit by default; 5,000 here keeps each request short).
 */
export function createLibreTranslateService(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  maxChars: number;
  timeoutMs: number;
}): TranslationService {
  const name = 'LibreTranslate';
  return {
    name: 'libretranslate',
    fits: fitsChars(options.maxChars),
    async translate(text, { signal } = {}) {
      const answer = await requestService({
        service: name,
        url: `${options.baseUrl.replace(/\/+$/, '')}/translate`,
        method: 'POST',
        json: {
          q: text,
          source: sourceLanguage,
          target: targetLanguage,
          format: 'text',
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        },
        timeoutMs: options.timeoutMs,
        signal,
      });
      if (answer.status !== 200) {
        const detail = serviceMessage(answer.body, ['error']);
        throw new TranslationServiceError(
          `${name} answered HTTP ${answer.status}${detail ? `: ${detail}` : ''}`,
        );
      }
      const translated = (answer.body as { translatedText?: unknown } | undefined)?.translatedText;
      if (typeof translated !== 'string' || translated.trim() === '') {
        throw new TranslationServiceError(`${name} answered without a translation`);
      }
      return translated;
    },
  };
}
