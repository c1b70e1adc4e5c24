import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../shared/config.ts';
import type { Jobs } from '../shared/jobs.ts';
import { sweepUploads, uploadsFolder } from '../shared/uploads.ts';

const everyMs = 15 * 60_000;
const olderThanMs = 60 * 60_000;

/**
 * Half-written files of image copies (`*.tmp`: a copy stopped mid-encode, a process that died) older than
 * `olderThanMs`, anywhere under `dir`. A copy in progress is younger; the finished file has another name.
 */
export async function sweepTemporaryCopies(dir: string, olderThan: number, now: number): Promise<number> {
  let removed = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      if (now - (await fs.stat(file)).mtimeMs < olderThan) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/**
 * `files.sweep`, every 15 minutes once across processes: uploads a crash left behind (requests remove their
 * own) and half-written image copies. File times are the machine's, so this compares with real time, not
 * the site's clock (which a demo may set elsewhere).
 */
export function defineSweepJob(jobs: Jobs, config: Pick<Config, 'dataDir'>) {
  return jobs.define({
    name: 'files.sweep',
    payload: z.object({}),
    schedule: { everyMs, runAtStart: false },
    async handler(_payload, { log }) {
      const now = Date.now();
      const uploads = await sweepUploads(uploadsFolder(config.dataDir), olderThanMs, now);
      const copies = await sweepTemporaryCopies(path.join(config.dataDir, 'images'), olderThanMs, now);
      if (uploads + copies > 0) log.info({ uploads, copies }, 'removed leftover temporary files');
      return { uploads, copies };
    },
  });
}
