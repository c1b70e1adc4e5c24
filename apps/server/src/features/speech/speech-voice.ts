import { errorCodes } from '@hurryup/contracts/errors';
import { type SpeechLanguage, speechMessages } from '@hurryup/contracts/speech-rules';
import type { Engines } from '../../engines/engine.ts';
import { SpeechTooLongError, synthesizeSpeech } from '../../engines/speech/speech.ts';
import { HttpError } from '../../shared/http-error.ts';

/**
 * A voice that turns text into an MP3 file: the seam where an operator can put a hosted neural voice
 * instead of the default offline eSpeak NG (docs/decisions/0025-speech-engine.md says how). An
 * implementation writes the file to `target` (whole, or not at all) and says how large it is, and refuses
 * a text it will not speak with an `HttpError` (400 and the field's message).
 */
export interface SpeechVoice {
  /**
   * Names the voice and everything that changes its sound (engine version, rate, bitrate). It is part of
   * every stored file's name, so a new voice never answers with the old one's files.
   */
  readonly id: string;
  speak(
    request: { language: SpeechLanguage; text: string; target: string },
    options?: { signal?: AbortSignal },
  ): Promise<{ bytes: number }>;
}

/** The default: eSpeak NG and LAME in WebAssembly, in the engine pool (one engine per language). */
export function espeakVoice(engines: Engines): SpeechVoice {
  return {
    id: 'espeak-ng@0.3.5;lame-cbr48;160wpm',
    async speak({ language, text, target }, options) {
      try {
        const result = await synthesizeSpeech(engines, { voice: language, text, target }, options);
        return { bytes: result.bytes };
      } catch (error) {
        if (error instanceof SpeechTooLongError) {
          throw new HttpError(400, errorCodes.validation, speechMessages.audioTooLong, {
            text: speechMessages.audioTooLong,
          });
        }
        throw error;
      }
    },
  };
}
