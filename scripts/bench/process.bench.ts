/**
 * Sections `start` and `memory` of `npm run bench`: how soon a web process answers its first page and its
 * first trading page (issue 28 item 6), and its resident memory (VmRSS) after start, after one visit of
 * every page, after one OCR and one speech job, and after a minute idle (item 3: at most 200 MB after the
 * visits, 300 MB after the jobs and the idle minute). The engines' child processes are counted apart.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { spawnServer } from '../production-server.ts';
import {
  type BenchOptions,
  defineBenchSection,
  descendantsOf,
  line,
  median,
  pagePathsOf,
  residentMb,
  scratchFolder,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from './kit.ts';
import { marketDataSettings, tradingPages } from './routes.bench.ts';

/** Milliseconds from spawning the server to its first 2xx answer to `pathname`. */
async function timeToFirst(dataDir: string, pathname: string): Promise<number> {
  const started = performance.now();
  const { url, child } = await spawnServer(dataDir, marketDataSettings(), undefined, 'ignore');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited before it answered');
      try {
        const response = await fetch(`${url}${pathname}`);
        await response.arrayBuffer();
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await stopServer(child);
  }
}

async function benchStart(options: BenchOptions) {
  const dataDir = scratchFolder('start');
  try {
    console.log(
      '\nStart of a web process (spawn to the first 2xx answer; the medians of alternating starts)',
    );
    line(
      'first start, fresh data folder: /',
      `${(await timeToFirst(dataDir, '/')).toFixed(0).padStart(6)} ms`,
    );
    // Let the first start's background work (picture copies) finish, as a restarted server finds it done.
    const warm = await startServer(dataDir, marketDataSettings(), undefined, 'ignore');
    await waitForBackgroundWork(dataDir);
    await stopServer(warm.child);
    const firstPage: number[] = [];
    const firstTrading: number[] = [];
    for (let round = 0; round < (options.quick ? 1 : 3); round += 1) {
      firstPage.push(await timeToFirst(dataDir, '/'));
      firstTrading.push(await timeToFirst(dataDir, tradingPages[0]!));
    }
    line('restart: first page (/)', `${median(firstPage).toFixed(0).padStart(6)} ms`);
    line(
      `restart: first trading page (${tradingPages[0]})`,
      `${median(firstTrading).toFixed(0).padStart(6)} ms`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PNG of a few lines of English text, for the OCR job. */
async function textPng(): Promise<Buffer> {
  const lines = ['The quick brown fox jumps', 'over the lazy dog near Pune.'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="#fff"/>${lines
    .map(
      (text, i) => `<text x="20" y="${70 + i * 60}" font-family="DejaVu Sans" font-size="40">${text}</text>`,
    )
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function benchMemory(options: BenchOptions) {
  const dataDir = scratchFolder('memory');
  const server = await startServer(dataDir, marketDataSettings(), undefined, 'ignore');
  const pid = server.child.pid!;
  const mb = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(0)} MB`);
  const children = () =>
    descendantsOf(pid)
      .map((child) => residentMb(child) ?? 0)
      .reduce((sum, value) => sum + value, 0);
  const report = (label: string) =>
    line(label, `${mb(residentMb(pid)).padStart(7)} (engines' child processes ${mb(children())})`);
  try {
    await waitForBackgroundWork(dataDir);
    console.log(
      '\nResident memory of one web process (VmRSS; the goal: 200 MB after the visits, 300 MB after the jobs and a minute idle)',
    );
    report('after start');
    const paths = await pagePathsOf(server.url);
    for (const p of paths) await (await fetch(`${server.url}${p}`)).arrayBuffer();
    report(`after one visit of every page (${paths.length})`);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await textPng())], { type: 'image/png' }), 'page.png');
    const ocr = await fetch(`${server.url}/api/extract-text`, { method: 'POST', body: form });
    const speech = await fetch(`${server.url}/api/generate-audio`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        device_id: '0b0c1b7e-8a51-4c5e-9a0c-3f0d3c9a1b2c',
        text: 'The market opens at nine fifteen in the morning.',
        lang: 'en',
      }).toString(),
    });
    await Promise.all([ocr.arrayBuffer(), speech.arrayBuffer()]);
    report(`after one OCR (${ocr.status}) and one speech job (${speech.status})`);
    const idleSeconds = options.quick ? 35 : 60;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    report(`after ${idleSeconds} s idle`);
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default [
  defineBenchSection({
    name: 'start',
    title: 'time from start to the first answered page and trading page',
    order: 20,
    run: benchStart,
  }),
  defineBenchSection({
    name: 'memory',
    title: 'resident memory of a web process after start, visits, engine jobs and a minute idle',
    order: 30,
    run: benchMemory,
  }),
];
