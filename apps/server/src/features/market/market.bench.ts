/**
 * Section `market` of `npm run bench`: the import of every file of the market data folder (MARKET_DATA_DIR,
 * else ../shared/data/market), then the technical rating of the 50 stocks from the stored bars (warm).
 */
import fs from 'node:fs';
import path from 'node:path';
import { technicalRating } from '@hurryup/market/technical-rating';
import {
  defineBenchSection,
  migratedDatabase,
  percentile,
  repoRoot,
  scratchFolder,
} from '../../../../../scripts/bench/kit.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { systemClock } from '../../shared/clock.ts';
import { createMarketRepository } from './market.repository.ts';
import { createMarketService, ratingBars } from './market.service.ts';
import type { MarketTables } from './market.tables.ts';
import { createMarketDataReadModel } from './market-data.ts';
import { importMarketFolder } from './market-import.ts';
import { NIFTY_50_STOCKS } from './market-instruments.ts';

async function benchMarket() {
  const folder = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  if (fs.existsSync(folder)) {
    const dataDir = scratchFolder('market');
    const database = await migratedDatabase(dataDir);
    const db = tablesOf<MarketTables>(database.db);
    const importStart = performance.now();
    const imported = await importMarketFolder(db, folder);
    const importMs = performance.now() - importStart;
    const skipStart = performance.now();
    await importMarketFolder(db, folder);
    const skipMs = performance.now() - skipStart;
    console.log(`
Market data, ${folder}`);
    console.log(
      `${'import (SQLite)'.padEnd(44)} ${imported.rows.toLocaleString('en-IN')} rows of ${imported.files.length} files in ${importMs.toFixed(0)} ms = ${Math.round(imported.rows / (importMs / 1000)).toLocaleString('en-IN')} rows/s`,
    );
    console.log(`${'start-up re-import (all files unchanged)'.padEnd(44)} ${skipMs.toFixed(0)} ms`);
    const repository = createMarketRepository(db);
    const market = createMarketService({
      repository,
      clock: systemClock,
      data: createMarketDataReadModel(db, async () => 1),
    });
    await market.rateAllStocks();
    const stored = await repository.recentBarsOf(NIFTY_50_STOCKS, '2000-01-01');
    const rateOnly: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const start = performance.now();
      for (const bars of stored.values()) technicalRating(bars.slice(-ratingBars));
      rateOnly.push(performance.now() - start);
    }
    rateOnly.sort((a, b) => a - b);
    console.log(
      `${`technical rating of ${stored.size} stocks (warm, bars in memory)`.padEnd(44)} p50 ${percentile(rateOnly, 50).toFixed(1)} ms   max ${rateOnly.at(-1)!.toFixed(1)} ms`,
    );
    const timings: number[] = [];
    let rated = 0;
    for (let round = 0; round < 20; round += 1) {
      const start = performance.now();
      rated = (await market.rateAllStocks()).size;
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `${`technical rating of ${rated} stocks (read + rate)`.padEnd(44)} p50 ${percentile(timings, 50).toFixed(1)} ms   max ${timings.at(-1)!.toFixed(1)} ms`,
    );
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  } else
    console.log(`
Market data: ${folder} not found; set MARKET_DATA_DIR to measure the import and ratings`);
}

export default defineBenchSection({
  name: 'market',
  title: 'market data import and the technical rating of the 50 stocks',
  run: benchMarket,
});
