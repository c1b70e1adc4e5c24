/**
 * Section `ocr` of `npm run bench`: milliseconds per page of the OCR engine, both kinds (WebAssembly:
 * tesseract.js in a child process; native: the same child running Debian's `tesseract`), warm, beside the
 * `tesseract` program run directly on the same PNG (one thread, OMP_THREAD_LIMIT=1, its start included),
 * in alternating rounds (medians): an A4 English page at 300 dpi, a phone screenshot, an A4 Hindi page,
 * made here with the test samples' text renderer. Then, on the engine the host gets: PDF pages per second
 * (text layers; Hindi pages by OCR) and how long it takes to refuse what it never decodes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type BenchOptions,
  defineBenchSection,
  line,
  median,
  scratchFolder,
} from '../../../../../scripts/bench/kit.ts';
import { createEnginePool, type EnginePool } from '../engine-pool.ts';
import { detectNativeEngines, runProgram } from '../host-programs.ts';
import type { OcrSourceType } from './ocr.engine.ts';
import { readTextOf } from './ocr.ts';
import { tesseractArguments } from './ocr-native.worker.ts';
import { blankPagesPdf, sampleEnglish, sampleHindi, textPdf, textPicture } from './ocr-samples.ts';

async function read(engines: EnginePool, file: string, type: OcrSourceType) {
  const output = await readTextOf(engines, { path: file, type });
  if (!output.ok) throw new Error(`the benchmark's sample was refused: ${output.problem}`);
  return output;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function benchOcr(options: BenchOptions) {
  const scratch = scratchFolder('ocr');
  const native = await detectNativeEngines({
    ocr: 'auto',
    speech: 'wasm',
    programs: { tesseract: process.env.TESSERACT_PATH ?? 'tesseract', espeakNg: '', lame: '' },
  });
  const hasNative = native.families.includes('ocr');
  const wasm = createEnginePool({ threadBudget: 1 });
  const nativePool = hasNative ? createEnginePool({ threadBudget: 1, native }) : undefined;
  let counter = 0;
  const write = (bytes: Buffer) => {
    counter += 1;
    const file = path.join(scratch, `sample-${counter}.png`);
    fs.writeFileSync(file, bytes);
    return file;
  };
  try {
    const warm = write(await textPicture(['warm']));
    await read(wasm, warm, 'image/png');
    if (nativePool) await read(nativePool, warm, 'image/png');

    const a4English = write(
      await textPicture(
        Array.from({ length: 36 }, (_, i) => `${i + 1}. ${sampleEnglish[i % 2]} Sensex and Nifty moved.`),
        'png',
        { size: 46, width: 2480 },
      ),
    );
    const phone = write(
      await textPicture(
        Array.from({ length: 18 }, (_, i) => (i % 3 === 2 ? sampleHindi[i % 2]! : sampleEnglish[i % 2]!)),
        'png',
        { size: 44, width: 1080 },
      ),
    );
    const a4Hindi = write(
      await textPicture(
        Array.from({ length: 30 }, (_, i) => sampleHindi[i % 2]!),
        'png',
        { size: 46, width: 2480 },
      ),
    );
    const cli = (file: string) =>
      runProgram(native.programs.tesseract, [file, ...tesseractArguments.slice(1)], {
        stdin: '',
        maxOutputBytes: 1024 * 1024,
        env: { OMP_THREAD_LIMIT: '1' },
      });
    const rounds = options.quick ? 1 : 3;
    console.log(
      `${'ms per page, median of alternating rounds'.padEnd(44)} ${'wasm'.padStart(7)} ${'native'.padStart(7)} ${'CLI'.padStart(7)}  native/CLI`,
    );
    for (const [label, file] of [
      ['A4 English page (2480 px, 36 lines)', a4English],
      ['phone screenshot (1080 px, 18 lines)', phone],
      ['A4 Hindi page (2480 px, 30 lines)', a4Hindi],
    ] as const) {
      const times = { wasm: [] as number[], native: [] as number[], cli: [] as number[] };
      const texts = new Set<string>();
      for (let round = 0; round < rounds; round += 1) {
        times.wasm.push(await timed(async () => texts.add((await read(wasm, file, 'image/png')).pages[0]!)));
        if (nativePool) {
          times.native.push(
            await timed(async () => texts.add((await read(nativePool, file, 'image/png')).pages[0]!)),
          );
          times.cli.push(await timed(() => cli(file)));
        }
      }
      const figure = (values: number[]) => (values.length ? median(values).toFixed(0) : '-').padStart(7);
      const ratio = nativePool ? `${((median(times.native) / median(times.cli)) * 100).toFixed(0)} %` : '';
      console.log(
        `${`ocr: ${label}`.padEnd(44)} ${figure(times.wasm)} ${figure(times.native)} ${figure(times.cli)}  ${ratio.padStart(6)}${texts.size > 1 ? '  (the two engines read it differently)' : ''}`,
      );
    }
    if (!nativePool) console.log(`native: not measured (${native.report.ocr.reason})`);

    const engines = nativePool ?? wasm;
    const kind = nativePool ? 'native' : 'wasm';
    const refusalMs = async (file: string, type: OcrSourceType, problem: string) => {
      const started = performance.now();
      const output = await readTextOf(engines, { path: file, type });
      if (output.ok || output.problem !== problem) throw new Error(`not refused as ${problem}`);
      return performance.now() - started;
    };
    const bomb = await textPicture(['x'], 'png');
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const refusals = [
      ['picture claiming 60,000 x 60,000 pixels', write(bomb), 'image/png', 'too-many-pixels'],
      ['PDF of 10,000 blank pages', write(blankPagesPdf(10_000)), 'application/pdf', 'too-many-pages'],
      ['PDF of 30 pages to scan', write(blankPagesPdf(30)), 'application/pdf', 'too-many-scanned-pages'],
    ] as const;
    for (const [label, file, type, problem] of refusals)
      line(
        `ocr (${kind}): refuses a ${label}`,
        `${(await refusalMs(file, type, problem)).toFixed(0).padStart(6)} ms`,
      );

    const layered = write(
      textPdf(Array.from({ length: 100 }, (_, i) => [`Page ${i + 1}`, ...sampleEnglish])),
    );
    const layersMs = await timed(() => read(engines, layered, 'application/pdf'));
    line(
      `ocr (${kind}): PDF text layers (100 A4 pages)`,
      `${(100 / (layersMs / 1000)).toFixed(0).padStart(6)} pages per second`,
    );
    const hindi = write(textPdf(Array.from({ length: 3 }, () => [...sampleHindi, ...sampleHindi])));
    const hindiMs = await timed(() => read(engines, hindi, 'application/pdf'));
    line(
      `ocr (${kind}): PDF Hindi pages by OCR (3 A4 pages)`,
      `${(3 / (hindiMs / 1000)).toFixed(2).padStart(6)} pages per second`,
    );
  } finally {
    await wasm.close();
    await nativePool?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export default defineBenchSection({
  name: 'ocr',
  title: 'OCR per page, WebAssembly and native engines beside the tesseract program',
  run: benchOcr,
});
