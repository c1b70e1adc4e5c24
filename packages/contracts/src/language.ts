import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { cleanText } from './text.ts';

/** English to Hindi translation (content-and-shell.md section 7, tools-and-trading.md section 7). */
export const translateTextRequestSchema = z
  .object({
    text: cleanText('Please enter text to translate.').max(20_000, 'The text is too long to translate.'),
  })
  .meta({ id: 'TranslateTextRequest' });
export const translateTextAnswerSchema = z
  .object({ translatedText: z.string() })
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
  errors: [400, 502, 503],
});
