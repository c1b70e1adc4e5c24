import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { cleanText, isBlankText } from './text.ts';
import { translationMaxChars, translationMessages } from './translation-rules.ts';

/** English to Hindi translation (content-and-shell.md section 7, tools-and-trading.md section 7). */
export const translateTextRequestSchema = z
  .object({
    text: cleanText(translationMessages.empty)
      .refine((text) => !isBlankText(text), translationMessages.empty)
      .refine((text) => text.length <= translationMaxChars, translationMessages.tooLong)
      .describe(`English text, at most ${translationMaxChars} characters`),
  })
  .strict()
  .meta({ id: 'TranslateTextRequest' });
export const translateTextAnswerSchema = z
  .object({ translatedText: z.string().describe('The Hindi text') })
  .meta({ id: 'TranslateTextAnswer' });

export const translateText = defineCall({
  method: 'POST',
  path: '/api/translateText',
  operationId: 'translateText',
  summary: 'Translate English text to Hindi',
  tag: 'language',
  access: 'public',
  body: translateTextRequestSchema,
  status: 200,
  response: translateTextAnswerSchema,
  bodyLimitBytes: 128 * 1024,
  cacheable: false,
  errors: [400, 503],
});
