import { z } from 'zod';
import { defineCall, fileAnswerSchema } from './api-call.ts';
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
