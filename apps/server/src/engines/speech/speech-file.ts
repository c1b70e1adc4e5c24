import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { readMp3Frames } from './mp3-frames.ts';
import type { SpeechResult } from './speech.engine.ts';

let written = 0;

/**
 * Checks the MP3 parses from its first frame to its last, then writes it to `target` under a temporary name
 * and renames it: a half-written or broken file is never stored or served. Both speech engines end here.
 */
export async function storeMp3(
  target: string,
  mp3: Uint8Array,
  startedAt: number,
): Promise<Extract<SpeechResult, { ok: true }>> {
  const summary = readMp3Frames(mp3);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  written += 1;
  const temporary = `${target}.${process.pid}.${threadId}.${written}.tmp`;
  try {
    await fs.promises.writeFile(temporary, mp3);
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  return {
    ok: true,
    target,
    bytes: mp3.length,
    durationMs: summary.durationMs,
    workMs: Math.round(performance.now() - startedAt),
  };
}
