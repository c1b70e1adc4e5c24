import { z } from 'zod';
import { defineCall, fileAnswerSchema } from './api-call.ts';
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

/** Hindi speech for a post: form fields device_id and text; the answer is an audio file. */
export const generateHindiAudioRequestSchema = z.object({
  device_id: cleanText().uuid('device_id must be a UUID.'),
  text: cleanText('Please enter text for conversion.')
    .min(1, 'Please enter text for conversion.')
    .max(20_000),
});

export const generateHindiAudio = defineCall({
  method: 'POST',
  path: '/api/generate-audio-hin',
  operationId: 'generateHindiAudio',
  summary: 'Speak Hindi text as an MP3 file',
  tag: 'language',
  access: 'public',
  body: generateHindiAudioRequestSchema,
  bodyEncoding: 'form',
  answer: 'file',
  status: 200,
  response: fileAnswerSchema,
  errors: [400, 502, 503],
});
