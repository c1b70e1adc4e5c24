import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEnginePool } from '../apps/server/src/engines/engine-pool.ts';
import type { OcrSourceType } from '../apps/server/src/engines/ocr/ocr.engine.ts';
import { readTextOf } from '../apps/server/src/engines/ocr/ocr.ts';
import {
  blankPagesPdf,
  sampleEnglish,
  sampleHindi,
  textPdf,
  textPicture,
} from '../apps/server/src/engines/ocr/ocr-samples.ts';

/** Debian's tesseract on the same file, one thread (OMP_THREAD_LIMIT=1), when installed; undefined when not. */
function cliMs(file: string, rounds: number): number | undefined {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    execFileSync('tesseract', [file, 'stdout', '-l', 'eng+hin'], {
      env,
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  return (performance.now() - started) / rounds;
}

const line = (label: string, figure: string) => console.log(`${label.padEnd(52)} ${figure}`);

/**
 * The `ocr` engine, warm (its thread started, tesseract loaded with English and Hindi): milliseconds per
 * image for an A4 page at 300 dpi and a phone screenshot, beside Debian's tesseract CLI on the same PNG;
 * PDF pages per second, from text layers and by OCR (Hindi pages); and how long the engine takes to refuse
 * what it never decodes (a picture whose header claims 60,000 x 60,000 pixels, a 10,000-page PDF, a PDF of
 * 30 pages to scan), figures the engine tests once asserted and now leave to this benchmark.
 */
export async function benchOcr() {
  const engines = createEnginePool({ threadBudget: 1 });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-ocr-'));
  let counter = 0;
  const write = (bytes: Buffer) => {
    counter += 1;
    const file = path.join(scratch, `sample-${counter}`);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const read = async (file: string, type: OcrSourceType) => {
    const output = await readTextOf(engines, { path: file, type });
    if (!output.ok) throw new Error(`the benchmark's sample was refused: ${output.problem}`);
    return output;
  };
  /** Milliseconds the engine takes to refuse `file` (it must be refused with `problem`). */
  const refusalMs = async (file: string, type: OcrSourceType, problem: string) => {
    const started = performance.now();
    const output = await readTextOf(engines, { path: file, type });
    const ms = performance.now() - started;
    if (output.ok || output.problem !== problem)
      throw new Error(`the benchmark's sample was not refused as ${problem}`);
    return ms;
  };
  try {
    await read(write(await textPicture(['warm'])), 'image/png');

    // A PNG header that claims 60,000 x 60,000 pixels, in a few hundred bytes: refused from its header.
    const bomb = await textPicture(['x'], 'png');
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const refusals = [
      ['picture claiming 60,000 x 60,000 pixels', write(bomb), 'image/png', 'too-many-pixels'],
      ['PDF of 10,000 blank pages', write(blankPagesPdf(10_000)), 'application/pdf', 'too-many-pages'],
      ['PDF of 30 pages to scan', write(blankPagesPdf(30)), 'application/pdf', 'too-many-scanned-pages'],
    ] as const;
    for (const [label, file, type, problem] of refusals) {
      const ms = await refusalMs(file, type, problem);
      line(`ocr engine: refuses a ${label}`, `${ms.toFixed(0).padStart(6)} ms`);
    }

    // An A4 page at 300 dpi (2480 px wide), 36 lines of 11-point text; a 1080 px phone screenshot.
    const a4Lines = Array.from(
      { length: 36 },
      (_, i) => `${i + 1}. ${sampleEnglish[i % 2]} Sensex and Nifty moved.`,
    );
    const a4 = write(await textPicture(a4Lines, 'png', { size: 46, width: 2480 }));
    const phoneLines = Array.from({ length: 18 }, (_, i) =>
      i % 3 === 2 ? sampleHindi[i % 2]! : sampleEnglish[i % 2]!,
    );
    const phone = write(await textPicture(phoneLines, 'png', { size: 44, width: 1080 }));
    for (const [label, file, rounds] of [
      ['A4 page (2480 px wide, 36 lines)', a4, 3],
      ['phone screenshot (1080 px wide, 18 lines)', phone, 5],
    ] as const) {
      const started = performance.now();
      for (let round = 0; round < rounds; round += 1) await read(file, 'image/png');
      const engineMs = (performance.now() - started) / rounds;
      const cli = cliMs(file, rounds);
      line(
        `ocr engine: ${label}`,
        `${engineMs.toFixed(0).padStart(6)} ms per image (warm)${cli === undefined ? '; tesseract CLI not installed' : `; tesseract CLI ${cli.toFixed(0)} ms (OMP_THREAD_LIMIT=1, includes its start)`}`,
      );
    }

    const textPages = Array.from({ length: 100 }, (_, i) => [`Page ${i + 1}`, ...sampleEnglish]);
    const layered = write(textPdf(textPages));
    let started = performance.now();
    const layers = await read(layered, 'application/pdf');
    line(
      'ocr engine: PDF text layers (100 A4 pages)',
      `${(100 / ((performance.now() - started) / 1000)).toFixed(0).padStart(6)} pages per second`,
    );
    if (layers.recognised.length > 0) throw new Error('text layer pages were sent to OCR');

    const hindiPages = Array.from({ length: 3 }, () => [...sampleHindi, ...sampleHindi]);
    const hindi = write(textPdf(hindiPages));
    started = performance.now();
    await read(hindi, 'application/pdf');
    line(
      'ocr engine: PDF Hindi pages by OCR (3 A4 pages, 300 dpi)',
      `${(3 / ((performance.now() - started) / 1000)).toFixed(2).padStart(6)} pages per second`,
    );
  } finally {
    await engines.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
