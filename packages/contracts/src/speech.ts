import { z } from 'zod';
import { defineCall, fileAnswerSchema } from './api-call.ts';
import {
  hasBinaryCharacters,
  hindiSpeakerNo,
  speechLanguages,
  speechMessages,
  speechTextMaxLength,
} from './speech-rules.ts';
import { requiredText } from './text.ts';

/**
 * Speech to MP3 (tools-and-trading.md "Text to audio", content-and-shell.md section 7, decisions.md
 * sections 2, 5 and 8): every answer is made by the site's own speech engine and kept on the server's disk,
 * so the same text in the same voice is made once.
 */

/** Text to speak: trimmed, not blank, at most 5,000 characters, and text (no control characters). */
export const speechTextSchema = requiredText(speechMessages.emptyConvert, {
  length: speechTextMaxLength,
  message: speechMessages.tooLong,
}).refine((value) => !hasBinaryCharacters(value), speechMessages.notText);

/** The UUID the browser keeps under `device_id` (decisions.md section 8), lower-cased. */
export const speechDeviceIdSchema = z
  .string({ error: speechMessages.badDevice })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, speechMessages.badDevice)
  .transform((value) => value.toLowerCase());

export const speechLanguageSchema = z.enum(speechLanguages, { error: speechMessages.badLanguage });

export const generateAudioRequestSchema = z
  .object({
    device_id: speechDeviceIdSchema,
    text: speechTextSchema,
    // An empty field is the same as none: English.
    lang: z.preprocess((value) => (value === '' ? undefined : value), speechLanguageSchema.default('en')),
  })
  .meta({ id: 'GenerateAudioRequest' });
export type GenerateAudioRequest = z.input<typeof generateAudioRequestSchema>;

/** The text to audio page: form fields device_id, text and lang; the answer is the MP3. */
export const generateAudio = defineCall({
  method: 'POST',
  path: '/api/generate-audio',
  operationId: 'generateAudio',
  summary: 'Speak English or Hindi text as an MP3 file',
  description:
    'Form fields `device_id` (the UUID the browser keeps), `text` (at most 5,000 characters) and `lang` (`en`, the default, or `hi`). Answers `audio/mpeg`. The same text in the same language is made once and then read from the server’s store.',
  tag: 'speech',
  access: 'public',
  body: generateAudioRequestSchema,
  bodyEncoding: 'form',
  bodyLimitBytes: 64 * 1024,
  answer: 'file',
  answerType: 'audio/mpeg',
  status: 200,
  response: fileAnswerSchema,
  errors: [400, 413, 415, 503, 504],
});

/** Hindi speech for a post: form fields device_id and text; the answer is an audio file. */
export const generateHindiAudioRequestSchema = z
  .object({
    device_id: speechDeviceIdSchema,
    text: speechTextSchema,
  })
  .meta({ id: 'GenerateHindiAudioRequest' });

export const generateHindiAudio = defineCall({
  method: 'POST',
  path: '/api/generate-audio-hin',
  operationId: 'generateHindiAudio',
  summary: 'Speak Hindi text as an MP3 file (the post page)',
  description:
    'Form fields `device_id` and `text` (at most 5,000 characters). Answers `audio/mpeg` in the Hindi voice.',
  tag: 'speech',
  access: 'public',
  body: generateHindiAudioRequestSchema,
  bodyEncoding: 'form',
  bodyLimitBytes: 64 * 1024,
  answer: 'file',
  answerType: 'audio/mpeg',
  status: 200,
  response: fileAnswerSchema,
  errors: [400, 413, 415, 503, 504],
});

export const generateHindiAudioLinkRequestSchema = z
  .object({
    text: speechTextSchema,
    speaker_no: z
      .number({ error: speechMessages.badSpeaker })
      .refine((value) => value === hindiSpeakerNo, speechMessages.badSpeaker)
      .default(hindiSpeakerNo),
    config: z
      .object({
        use_streaming_response: z
          .boolean({ error: 'config.use_streaming_response must be true or false.' })
          .optional(),
      })
      .optional(),
  })
  .meta({ id: 'GenerateHindiAudioLinkRequest' });

export const generatedAudioLinkSchema = z
  .object({
    audio_url: z.string().describe('Where the MP3 is kept: GET it from this site (a path under /api/audio/)'),
  })
  .meta({ id: 'GeneratedAudioLink' });

/** The Hindi speech call of tools-and-trading.md section 7: JSON in, the stored MP3's address out. */
export const generateHindiAudioLink = defineCall({
  method: 'POST',
  path: '/api/generate-hindi-audio',
  operationId: 'generateHindiAudioLink',
  summary: 'Speak Hindi text and answer where the MP3 is kept',
  description:
    'JSON `text`, `speaker_no` (182, the Hindi voice; the default) and `config` (`use_streaming_response` is accepted and has no effect: the whole file is made first). Answers `{audio_url}`, a path on this site that serves the MP3.',
  tag: 'speech',
  access: 'public',
  body: generateHindiAudioLinkRequestSchema,
  bodyLimitBytes: 64 * 1024,
  status: 200,
  response: generatedAudioLinkSchema,
  errors: [400, 413, 415, 503, 504],
});

/** A stored MP3's file name: the hash of voice and text, so an address never shows another text. */
export const storedAudioNamePattern = /^[0-9a-f]{64}\.mp3$/;

export const getStoredAudio = defineCall({
  method: 'GET',
  path: '/api/audio/:file',
  operationId: 'getStoredAudio',
  summary: 'A stored MP3 made by the speech engine',
  description:
    'The `audio_url` of `generateHindiAudioLink`. Stored files are evicted when the store passes its size cap; an evicted file is 404 (ask for the text again).',
  tag: 'speech',
  access: 'public',
  // The file is read from the server's disk with its own long-lived caching headers.
  cacheable: false,
  params: z.object({
    file: z.string().regex(storedAudioNamePattern, 'Not a stored audio file name.'),
  }),
  answer: 'file',
  answerType: 'audio/mpeg',
  status: 200,
  response: fileAnswerSchema,
  errors: [400, 404],
});
