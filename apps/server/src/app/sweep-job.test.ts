import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepTemporaryCopies } from './sweep-job.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the sweep of temporary files', () => {
  it('removes old half-written image copies anywhere below, and keeps new ones and finished files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-sweep-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, '400', 'gallery'), { recursive: true });
    const old = path.join(dir, '400', 'gallery', 'a.png.webp.123.tmp');
    const fresh = path.join(dir, '400', 'gallery', 'b.png.webp.456.tmp');
    const finished = path.join(dir, '400', 'gallery', 'a.png.webp');
    for (const file of [old, fresh, finished]) fs.writeFileSync(file, 'x');
    const hourAgo = (Date.now() - 2 * 3_600_000) / 1000;
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(finished, hourAgo, hourAgo);
    expect(await sweepTemporaryCopies(dir, 3_600_000, Date.now())).toBe(1);
    expect([fs.existsSync(old), fs.existsSync(fresh), fs.existsSync(finished)]).toEqual([false, true, true]);
    expect(await sweepTemporaryCopies(path.join(dir, 'missing'), 1, Date.now())).toBe(0);
  });
});
