/**
 * Section `image-copy` of `npm run bench`: the image-copy engine, warm (its thread started and sharp loaded),
 * one copy at a time, as the background loop makes them, of a seed gallery picture (1080 px wide).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineBenchSection, repoRoot, scratchFolder } from '../../../../../scripts/bench/kit.ts';
import { createEnginePool } from '../engine-pool.ts';
import { makeImageCopy } from './image-copy.ts';

async function benchImageCopies() {
  const engines = createEnginePool({ threadBudget: 1 });
  const scratch = scratchFolder('copies');
  const source = path.join(
    repoRoot,
    'content/images/gallery',
    fs.readdirSync(path.join(repoRoot, 'content/images/gallery')).find((name) => name.endsWith('.png'))!,
  );
  const copy = (width: number, format: 'avif' | 'webp', round: number) =>
    makeImageCopy(engines, {
      source,
      target: path.join(scratch, `${round}-${width}.${format}`),
      width,
      format,
    });
  await copy(400, 'webp', -1);
  const rounds = 10;
  for (const format of ['avif', 'webp'] as const) {
    for (const width of [400, 800]) {
      const started = performance.now();
      for (let round = 0; round < rounds; round += 1) await copy(width, format, round);
      console.log(
        `${`image-copy engine: ${width} px ${format}`.padEnd(44)} ${((performance.now() - started) / rounds).toFixed(0).padStart(5)} ms per copy (warm)`,
      );
    }
  }
  await engines.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}

export default defineBenchSection({
  name: 'image-copy',
  title: 'the image-copy engine: AVIF and WebP copies, warm',
  run: benchImageCopies,
});
