import { speechTextMaxLength } from '@hurryup/contracts/speech-rules';
import { deviceId } from '../../shared/device-id.ts';
import { callApiForFileLazily } from '../../shared/lazy-api-client.ts';

/** A long post on a busy server: the Hindi voice speaks 5,000 characters in a few seconds of one core. */
const hindiAudioTimeoutMs = 120_000;

/**
 * The text the voice is given: at most what one request may carry, cut after the last full sentence (or
 * word) that fits, so a long post's audio ends on a whole sentence.
 */
export function hindiAudioText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= speechTextMaxLength) return trimmed;
  const head = trimmed.slice(0, speechTextMaxLength);
  const sentenceEnd = Math.max(head.lastIndexOf('।'), head.lastIndexOf('. '), head.lastIndexOf('? '));
  if (sentenceEnd > speechTextMaxLength / 2) return head.slice(0, sentenceEnd + 1).trim();
  const wordEnd = head.lastIndexOf(' ');
  return (wordEnd > 0 ? head.slice(0, wordEnd) : head).trim();
}

/**
 * Asks the server to speak a post's text in Hindi (`POST /api/generate-audio-hin`, content-and-shell.md
 * section 7) with this browser's device id. Loaded when the visitor first presses 'Play Hindi Audio', so the
 * post page carries none of it in its first load.
 */
export function requestHindiAudio(text: string, signal: AbortSignal | undefined): Promise<Blob> {
  return callApiForFileLazily(
    () => import('@hurryup/contracts/speech').then((contract) => contract.generateHindiAudio),
    { body: { device_id: deviceId(), text: hindiAudioText(text) } },
    { timeoutMs: hindiAudioTimeoutMs, ...(signal ? { signal } : {}) },
  );
}
