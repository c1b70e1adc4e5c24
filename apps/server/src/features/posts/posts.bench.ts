/**
 * Section `search` of `npm run bench`: post search with 20,000 posts, the index built and searched in
 * this process, then `GET /api/posts/search` on the production server.
 */
import fs from 'node:fs';
import {
  autocannonLoad,
  type BenchOptions,
  defineBenchSection,
  figuresText,
  getRequests,
  line,
  migratedDatabase,
  percentile,
  scratchFolder,
  startServer,
  stopServer,
} from '../../../../../scripts/bench/kit.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { PostTables } from './posts.tables.ts';
import { PostSearchIndex } from './posts-search-index.ts';

const words = [
  'upi',
  'nifty',
  'option',
  'audio',
  'hindi',
  'safety',
  'budget',
  'exam',
  'java',
  'image',
  'pdf',
  'rsi',
  'vix',
  'monsoon',
  'nutrition',
  'translate',
  'straddle',
  'lot',
  'expiry',
  'compress',
];
function generatedPost(i: number) {
  const pick = (k: number) => words[(i * 7 + k * 13) % words.length]!;
  return {
    title: `${pick(0)} ${pick(1)} guide ${i} ${pick(2)}`,
    title_key: `${pick(0)} ${pick(1)} guide ${i} ${pick(2)}`,
    author: i % 4 === 0 ? null : `Writer ${i % 97}`,
    created_at: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    description: `How ${pick(3)} and ${pick(4)} work together, part ${i}, with notes on ${pick(5)}.`,
    image: null,
    content: `First paragraph about ${pick(1)}.\n\nSecond paragraph about ${pick(2)}.`,
    imgf: 0,
    content_array: null,
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

async function benchSearch(options: BenchOptions) {
  const count = 20_000;
  const dataDir = scratchFolder('search');
  const database = await migratedDatabase(dataDir);
  const rows = Array.from({ length: count }, (_, i) => generatedPost(i + 1));
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += 500)
      await tablesOf<PostTables>(tx)
        .insertInto('posts')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  await database.close();

  const index = new PostSearchIndex();
  const buildStart = performance.now();
  index.replaceAll(rows.map((r, i) => ({ id: i + 1, title: r.title, description: r.description })));
  const buildMs = performance.now() - buildStart;
  const queries = words
    .flatMap((w) => [w, w.slice(0, 4), `${w} guide`, `${w.slice(0, -1)}x`])
    .filter((q) => q.length >= 3);
  const timings: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const q of queries) {
      const start = performance.now();
      index.search(q);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  console.log(`\nPost search, ${count.toLocaleString('en-IN')} posts`);
  console.log(`${'index build'.padEnd(44)} ${buildMs.toFixed(0)} ms`);
  console.log(
    `${'in-process search'.padEnd(44)} p50 ${percentile(timings, 50).toFixed(2)} ms   p99 ${percentile(timings, 99).toFixed(2)} ms   (${timings.length} queries)`,
  );

  const { url, child } = await startServer(dataDir, { SEED_CONTENT: 'false' });
  console.log('');
  const searchPaths = queries.map((q) => `/api/posts/search?q=${encodeURIComponent(q)}`);
  for (const connections of [1, options.connections]) {
    const figures = await autocannonLoad(url, getRequests(searchPaths), {
      connections,
      seconds: options.seconds,
    });
    line(
      `GET /api/posts/search, ${connections} connection${connections === 1 ? '' : 's'}`,
      figuresText(figures),
      44,
    );
  }
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export default defineBenchSection({
  name: 'search',
  title: 'post search with 20,000 posts (in process, and through the API)',
  run: benchSearch,
});
