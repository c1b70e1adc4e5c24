import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SpeechLanguage } from '@hurryup/contracts/speech-rules';
import type { Clock } from '../../shared/clock.ts';

export interface AudioStoreLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Finished MP3s on disk under `<DATA_DIR>/speech/`, named by a hash of the voice and the text, so a second
 * request for the same text in the same voice is a file read. The folder is kept under a size cap: past
 * it, the files used longest ago go first (a read marks a file as used), until it holds 90 % of the cap.
 * Several processes may share the folder: files are written under a temporary name and renamed, and each
 * eviction counts what is really on disk.
 */
export interface AudioStore {
  readonly folder: string;
  /** The stored file name of this text in this voice (`<sha256>.mp3`). */
  nameOf(voiceId: string, language: SpeechLanguage, text: string): string;
  pathOf(name: string): string;
  /** The file's bytes, marking it used; undefined when it is not (or no longer) stored. */
  read(name: string): Promise<Buffer | undefined>;
  /** Counts a file just written, and evicts when the folder passes its cap. */
  added(bytes: number): Promise<void>;
  /** The bytes stored now (read from disk). */
  size(): Promise<number>;
}

interface StoredFile {
  file: string;
  bytes: number;
  usedMs: number;
}

// A temporary file this old was left by a process that died while writing it.
const staleTemporaryMs = 10 * 60_000;

export function createAudioStore(options: {
  dataDir: string;
  maxBytes: number;
  clock: Clock;
  log?: AudioStoreLog;
}): AudioStore {
  const folder = path.join(options.dataDir, 'speech');
  const { maxBytes, clock, log } = options;
  // What this process believes is stored; made true again by each scan.
  let knownBytes: number | undefined;
  let evicting: Promise<void> | undefined;

  async function scan(): Promise<StoredFile[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: StoredFile[] = [];
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (clock.now() - stat.mtimeMs > staleTemporaryMs) await fs.promises.rm(file, { force: true });
        continue;
      }
      if (name.endsWith('.mp3')) files.push({ file, bytes: stat.size, usedMs: stat.mtimeMs });
    }
    return files;
  }

  async function evict() {
    const files = (await scan()).sort((a, b) => a.usedMs - b.usedMs);
    let total = files.reduce((sum, file) => sum + file.bytes, 0);
    const goal = Math.floor(maxBytes * 0.9);
    let removed = 0;
    for (const file of files) {
      if (total <= goal) break;
      await fs.promises.rm(file.file, { force: true });
      total -= file.bytes;
      removed += 1;
    }
    if (removed > 0)
      log?.warn({ removed, bytes: total, maxBytes }, 'speech store past its cap: oldest files removed');
    knownBytes = total;
  }

  return {
    folder,
    nameOf(voiceId, language, text) {
      const hash = createHash('sha256').update(`${voiceId}\n${language}\n${text}`).digest('hex');
      return `${hash}.mp3`;
    },
    pathOf(name) {
      return path.join(folder, name);
    },
    async read(name) {
      const file = path.join(folder, name);
      try {
        const bytes = await fs.promises.readFile(file);
        const now = clock.date();
        // Marks it as used for the eviction order; a file evicted meanwhile is simply gone.
        await fs.promises.utimes(file, now, now).catch(() => undefined);
        return bytes;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async added(bytes) {
      if (knownBytes === undefined) knownBytes = (await scan()).reduce((sum, file) => sum + file.bytes, 0);
      else knownBytes += bytes;
      if (knownBytes <= maxBytes) return;
      // One eviction at a time in this process; requests meanwhile wait for it.
      evicting ??= evict().finally(() => {
        evicting = undefined;
      });
      await evicting;
    },
    async size() {
      return (await scan()).reduce((sum, file) => sum + file.bytes, 0);
    },
  };
}
