/**
 * The dictionary's figures (section `dictionary` of `npm run bench`): WordNet's load time and memory in a
 * fresh process's terms, lookups per second in process, and `GET /api/dictionary/entries/en/:word` through
 * HTTP against the production build, with the answer cache (the usual case: words repeat) and without it
 * (every request a lookup). The words mix plain, irregular, inflected, phrase and unknown forms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { defineBenchSection, startServer, stopServer } from '../../../../../scripts/bench/kit.ts';
import { loadWordNet } from '../../adapters/wordnet.ts';

const words = [
  'dog',
  'ran',
  'went',
  'mice',
  'geese',
  'bought',
  'running',
  'studies',
  'ice cream',
  'happier',
  'better',
  'children',
  'stopped',
  'took',
  'feet',
  'wolves',
  "o'clock",
  'well-being',
  'serendipity',
  'xyzzyq',
];

/** A full collection, so that what is measured after loading is what stays (the decompressed archive goes). */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function inProcess(seconds: number) {
  const before = process.memoryUsage();
  const started = performance.now();
  const wordNet = await loadWordNet();
  const loadMs = performance.now() - started;
  const loaded = process.memoryUsage();
  collectGarbage();
  const settled = process.memoryUsage();
  console.log(
    `WordNet load: ${loadMs.toFixed(0)} ms, ${wordNet.lemmaCount} lemmas; memory kept ` +
      `${megabytes(settled.arrayBuffers - before.arrayBuffers)} of buffers, heap +${megabytes(settled.heapUsed - before.heapUsed)}; ` +
      `RSS +${megabytes(loaded.rss - before.rss)} while loading`,
  );
  let lookups = 0;
  const until = performance.now() + seconds * 1000;
  const startedLookups = performance.now();
  while (performance.now() < until) {
    for (const word of words) wordNet.lookup(word);
    lookups += words.length;
  }
  const elapsed = (performance.now() - startedLookups) / 1000;
  console.log(
    `In process: ${(lookups / elapsed).toFixed(0)} lookups/s (${((elapsed * 1e6) / lookups).toFixed(0)} µs a lookup, ${words.length} words in turn)`,
  );
}

async function throughHttp(label: string, env: Record<string, string>, seconds: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-dictionary-'));
  const { url, child } = await startServer(dataDir, env);
  try {
    const first = performance.now();
    const answer = await fetch(`${url}/api/dictionary/entries/en/dog`);
    const firstMs = performance.now() - first;
    if (answer.status !== 200) throw new Error(`the dictionary answered ${answer.status}`);
    const result = await autocannon({
      url,
      connections: 20,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: words.map((word) => ({
        method: 'GET' as const,
        path: `/api/dictionary/entries/en/${encodeURIComponent(word)}`,
      })),
    });
    // One of the words is unknown on purpose: its 404s are answers, not errors.
    const unexpected = result.errors + result.non2xx - Math.round(result.requests.total / words.length);
    console.log(
      `HTTP ${label.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
        `  (first lookup, with WordNet's load: ${firstMs.toFixed(0)} ms${Math.abs(unexpected) > words.length ? `; ${unexpected} unexpected errors` : ''})`,
    );
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDictionary() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  console.log('\nDictionary (WordNet 3.0, offline)');
  await inProcess(Math.min(seconds, 5));
  await throughHttp('with answer cache', {}, seconds);
  await throughHttp('every request a lookup', { PAGE_CACHE_MAX_PAGES: '0' }, seconds);
}

export default defineBenchSection({
  name: 'dictionary',
  title: 'the offline dictionary: WordNet load and lookups',
  run: () => benchDictionary(),
});
