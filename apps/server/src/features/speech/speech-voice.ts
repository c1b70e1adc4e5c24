import type { SpeechLanguage } from '@hurryup/contracts/speech-rules';
import type { Engines } from '../../engines/engine.ts';
import { synthesizeSpeech } from '../../engines/speech/speech.ts';

/**
 * A voice that turns text into an MP3 file: the seam where an operator can put a hosted neural voice
 * instead of the default offline eSpeak NG (docs/decisions/0025-speech-engine.md says how). An
 * implementation writes the file to `target` (whole, or not at all) and says how large it is.
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
      const result = await synthesizeSpeech(engines, { voice: language, text, target }, options);
      return { bytes: result.bytes };
    },
  };
}
