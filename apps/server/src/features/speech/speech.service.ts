import type { SpeechLanguage } from '@hurryup/contracts/speech-rules';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { AudioStore } from './audio-store.ts';
import type { SpeechVoice } from './speech-voice.ts';

export interface SpeechRequestOf {
  language: SpeechLanguage;
  /** Already trimmed and checked by the call's schema. */
  text: string;
  /** The browser's device id, when the call sends one. */
  device?: string;
  /** The client's address key (IPv6 per /64). */
  visitor: string;
}

/**
 * Speech as a stored MP3: a text already spoken in its voice is read from the store and counts against no
 * limit; a new one counts against the device's and the visitor's limits, is spoken by the voice and stored.
 */
export function createSpeechService(deps: {
  voice: SpeechVoice;
  store: AudioStore;
  perDevice: Limit;
  perVisitor: Limit;
}) {
  const { voice, store, perDevice, perVisitor } = deps;

  /** Counts a synthesis against both limits, giving the first count back when the second refuses. */
  async function count(request: SpeechRequestOf) {
    if (request.device) await perDevice.enforce(request.device);
    try {
      await perVisitor.enforce(request.visitor);
    } catch (error) {
      if (request.device) await perDevice.refund(request.device);
      throw error;
    }
  }

  async function refund(request: SpeechRequestOf) {
    if (request.device) await perDevice.refund(request.device);
    await perVisitor.refund(request.visitor);
  }

  /** Makes the file unless it is stored; answers its name, and its bytes when they were read or made. */
  async function ensure(request: SpeechRequestOf, signal?: AbortSignal) {
    const name = store.nameOf(voice.id, request.language, request.text);
    const stored = await store.read(name);
    if (stored) return { name, bytes: stored, made: false };
    await count(request);
    let made: { bytes: number };
    try {
      made = await voice.speak(
        { language: request.language, text: request.text, target: store.pathOf(name) },
        signal ? { signal } : {},
      );
    } catch (error) {
      // A text the voice refuses (4xx) made nothing: it does not count.
      if (error instanceof HttpError && error.statusCode < 500) await refund(request);
      throw error;
    }
    // Read before the store may evict (a cap smaller than one file still answers this request).
    const bytes = await store.read(name);
    await store.added(made.bytes);
    if (!bytes) throw new Error(`the speech voice wrote no file for ${name}`);
    return { name, bytes, made: true };
  }

  return {
    ensure,
    /** The MP3 of the text: read from the store or made now. */
    async audio(request: SpeechRequestOf, signal?: AbortSignal): Promise<{ bytes: Buffer; made: boolean }> {
      const { bytes, made } = await ensure(request, signal);
      return { bytes, made };
    },
    /** The stored MP3's file name, made now when it is not stored. */
    async stored(request: SpeechRequestOf, signal?: AbortSignal): Promise<string> {
      return (await ensure(request, signal)).name;
    },
    read: (name: string) => store.read(name),
  };
}
