import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** Images one tesseract worker reads before it is replaced: its memory grows with use (tesseract.js #977, #1045). */
export const ocrJobsPerWorker = 40;

/**
 * One folder holding `eng.traineddata.gz` and `hin.traineddata.gz`, copied from their npm packages
 * (`4.0.0_best_int`): tesseract.js reads every language from one `langPath`, and with a local path it never
 * fetches them (without one it goes to a CDN and, offline, its failure ends the process).
 */
function languageFolder(): string {
  const version = (require('@tesseract.js-data/hin/package.json') as { version: string }).version;
  const folder = path.join(os.tmpdir(), `hurryup-ocr-languages-${version}`);
  for (const language of ['eng', 'hin']) {
    const target = path.join(folder, `${language}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(folder, { recursive: true });
    const source = path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
      '4.0.0_best_int',
      `${language}.traineddata.gz`,
    );
    // Copied under a temporary name and renamed: a thread starting meanwhile never reads half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    fs.copyFileSync(source, temporary);
    fs.renameSync(temporary, target);
  }
  return folder;
}

let current: { worker: Promise<Worker>; jobs: number } | undefined;
let lastError: unknown;
let started = 0;

/** How many tesseract workers this thread has started (the recycling test reads it). */
export const workersStarted = () => started;

async function startWorker(): Promise<Worker> {
  started += 1;
  const worker = await createWorker(['eng', 'hin'], OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    gzip: true,
    // Nothing written into the working directory, nothing fetched.
    cacheMethod: 'none',
    // Without a handler an error inside tesseract's thread is thrown where nothing catches it.
    errorHandler: (error: unknown) => {
      lastError = error;
    },
  });
  // Pictures rarely say their resolution; without one tesseract guesses from the text's size and prints a
  // warning into the server's log for each small picture. 300 dpi is what pages are rendered at.
  await worker.setParameters({ user_defined_dpi: '300' });
  return worker;
}

/** Reads the text of one PNG with a warm worker (English and Hindi), replacing it every so many images. */
export async function recognise(png: Buffer): Promise<string> {
  if (!current || current.jobs >= ocrJobsPerWorker) {
    const old = current;
    current = { worker: startWorker(), jobs: 0 };
    if (old) void old.worker.then((worker) => worker.terminate()).catch(() => undefined);
  }
  current.jobs += 1;
  const mine = current;
  try {
    const worker = await mine.worker;
    const { data } = await worker.recognize(png);
    return data.text;
  } catch (error) {
    // A worker that failed is not trusted with the next image.
    if (current === mine) current = undefined;
    void mine.worker.then((worker) => worker.terminate()).catch(() => undefined);
    throw error instanceof Error ? error : new Error(String(error ?? lastError));
  }
}

/** Starts the worker ahead of the first image (tests and the benchmark warm the pool with it). */
export async function warmUp(): Promise<void> {
  current ??= { worker: startWorker(), jobs: 0 };
  await current.worker;
}

/** Stops the current worker (a thread that ends stops it anyway; tests running the reader directly call this). */
export async function stopReader(): Promise<void> {
  const old = current;
  current = undefined;
  if (old) await (await old.worker).terminate();
}
