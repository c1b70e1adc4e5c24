/**
 * `BENCH_ONLY=events npm run bench`: the event studies on the real data (MARKET_DATA_DIR and EVENTS_DATA_DIR,
 * default ../shared/data/market and ../shared/data/events), imported into a scratch SQLite database: the
 * straddle simulation 2015-2024 (target under 20 ms warm) and the all-sector heatmap (under 100 ms), cold
 * (first read of the series), warm (the same request again: fingerprint query + cached answer) and computed
 * (series in memory, a request not asked before).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { defineBenchSection, migratedDatabase, repoRoot } from '../../../../../scripts/bench/kit.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { MarketTables } from '../market/market.tables.ts';
import { createMarketDataReadModel } from '../market/market-data.ts';
import { importEventsFolder, importMarketFolder } from '../market/market-import.ts';
import { createEventStudiesRepository } from './event-studies.repository.ts';
import { createEventStudiesService } from './event-studies.service.ts';
import type { EventStudiesTables } from './event-studies.tables.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

async function time(label: string, rounds: number, run: (round: number) => Promise<unknown>) {
  const timings: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await run(round);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} p50 ${percentile(timings, 50).toFixed(2)} ms   max ${timings.at(-1)!.toFixed(2)} ms`,
  );
}

export async function benchEvents() {
  const marketFolder = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  const eventsFolder = path.resolve(repoRoot, process.env.EVENTS_DATA_DIR ?? '../shared/data/events');
  if (!fs.existsSync(marketFolder) || !fs.existsSync(eventsFolder)) {
    console.log(
      `\nEvent studies: ${marketFolder} or ${eventsFolder} not found; set MARKET_DATA_DIR and EVENTS_DATA_DIR`,
    );
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-events-'));
  const database = await migratedDatabase(dataDir);
  try {
    await importMarketFolder(tablesOf<MarketTables>(database.db), marketFolder);
    await importEventsFolder(tablesOf<MarketTables>(database.db), eventsFolder);
    let revision = 1;
    const studies = createEventStudiesService({
      data: createMarketDataReadModel(tablesOf<MarketTables>(database.db), async () => revision),
      repository: createEventStudiesRepository(tablesOf<EventStudiesTables>(database.db)),
      now: () => new Date('2025-12-05T18:00:00+05:30'),
      log: { warn: () => {} } as unknown as FastifyBaseLogger,
    });
    const defaults = { startYear: 2015, endYear: 2024, entryDays: 3, gap: 200 };
    console.log(`\nEvent studies (SQLite), ${marketFolder}`);
    await time('cold: first straddle 2015-2024 (reads every series)', 1, () => studies.straddle(defaults));
    await time('straddle 2015-2024, defaults (warm)', 50, () => studies.straddle(defaults));
    await time('straddle 2015-2024, computed (new entryDays/gap each)', 40, (round) =>
      studies.straddle({ ...defaults, entryDays: 1 + (round % 20), gap: 50 * (round + 1) }),
    );
    await time('heatmap, all events, 14 indices (first)', 1, () => studies.heatmap());
    await time('heatmap, all events, 14 indices (warm)', 50, () => studies.heatmap());
    revision += 1;
    await time('heatmap after a data change (reads every series again)', 1, () => studies.heatmap());
    await time('event calendar (warm)', 50, () => studies.calendar());
    await time('Fed alert (warm, no send)', 50, () => studies.fedAlert(false));
    const result = await studies.straddle(defaults);
    console.log(
      `straddle defaults: trials ${result.trials}, average ${result.averageReturn}%, win rate ${result.winRate}%, max profit ₹${result.maxProfit}, max loss ₹${result.maxLoss}`,
    );
    const nifty = (await studies.heatmap())[0];
    console.log(`heatmap all events, ${nifty?.sector}: ${JSON.stringify({ ...nifty, reason: undefined })}`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default defineBenchSection({
  name: 'events',
  title: 'event studies over the market and events data',
  run: () => benchEvents(),
});
