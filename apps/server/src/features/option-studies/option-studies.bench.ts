/**
 * `BENCH_ONLY=options npm run bench`: the options assistants' studies on the real data (MARKET_DATA_DIR,
 * EVENTS_DATA_DIR; ../shared/data by default). In process: the first computation of every study after a data
 * change (cold), then a full-history backtest and the other calls warm (cached per data revision), and the
 * backtest recomputed from the bars in memory each time. Over HTTP against the production build: the
 * latency of POST /api/backtest {days: 0} (about 1,900 trades, serialised and compressed) and the others.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backtestSignals, prepareStudyData } from '@hurryup/market/option-studies';
import {
  defineBenchSection,
  migratedDatabase,
  repoRoot,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from '../../../../../scripts/bench/kit.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { MarketTables } from '../market/market.tables.ts';
import { createMarketDataReadModel } from '../market/market-data.ts';
import { importEventsFolder, importMarketFolder } from '../market/market-import.ts';
import { createOptionStudies } from './option-studies.service.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timed(rounds: number, run: () => Promise<unknown> | unknown) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   max ${times.at(-1)!.toFixed(2)} ms`;
}

const line = (label: string, figures: string) => console.log(`${label.padEnd(52)} ${figures}`);

export async function benchOptions() {
  const marketFolder = path.resolve(repoRoot, process.env.MARKET_DATA_DIR ?? '../shared/data/market');
  const eventsFolder = path.resolve(repoRoot, process.env.EVENTS_DATA_DIR ?? '../shared/data/events');
  if (!fs.existsSync(marketFolder) || !fs.existsSync(eventsFolder)) {
    console.log(
      `\nOptions assistants: ${marketFolder} or ${eventsFolder} not found; set MARKET_DATA_DIR and EVENTS_DATA_DIR`,
    );
    return;
  }
  const rounds = Math.max(20, Number(process.env.BENCH_SECONDS ?? 15) * 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-options-'));
  const database = await migratedDatabase(dataDir);
  const db = tablesOf<MarketTables>(database.db);
  await importMarketFolder(db, marketFolder);
  await importEventsFolder(db, eventsFolder);
  let revision = 1;
  const market = createMarketDataReadModel(db, async () => revision);
  const studies = createOptionStudies({ data: market });
  console.log(`\nOptions assistants (in process, SQLite), ${marketFolder}`);
  const coldStart = performance.now();
  await studies.backtest(0);
  line(
    'first call after a data change (read + all studies)',
    `${(performance.now() - coldStart).toFixed(1)} ms`,
  );
  line(`full-history backtest, warm (${rounds} calls)`, await timed(rounds, () => studies.backtest(0)));
  const nifty = await (await market.current()).bars('NIFTY 50');
  const vix = await (await market.current()).bars('INDIA VIX');
  const data = prepareStudyData(nifty, vix);
  line(
    `full-history backtest recomputed (${backtestSignals(data, 0).trade_count} trades)`,
    await timed(rounds, () => backtestSignals(data, 0)),
  );
  line(
    'signal, warm',
    await timed(rounds, () => studies.signal({ nifty: 25120, rsi: 70.34, vix: 14.86, oiChange: 1.4 })),
  );
  line(
    'strategy (rbi), warm',
    await timed(rounds, () => studies.strategy({ nifty: 25120, rsi: 60, vix: 14.86, event: 'rbi' })),
  );
  line(
    'pattern (budget), warm',
    await timed(rounds, () =>
      studies.pattern({ event: 'budget', nifty: 25120, rsi: 60, vix: 14.86, oiChange: 1.4 }),
    ),
  );
  revision = 2;
  line('every study again after a revision change', await timed(1, () => studies.backtest(0)));
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const serverData = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-options-http-'));
  const { url, child } = await startServer(serverData, {
    MARKET_DATA_DIR: marketFolder,
    EVENTS_DATA_DIR: eventsFolder,
  });
  await waitForBackgroundWork(serverData);
  const postJson = (call: string, body: unknown) => async () => {
    const response = await fetch(`${url}${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${call}: ${response.status}`);
    await response.arrayBuffer();
  };
  console.log(
    '\nOptions assistants over HTTP (production server, one request at a time, after a warm-up call)',
  );
  for (const [label, call, body] of [
    ['POST /api/backtest {days: 0}', '/api/backtest', { days: 0 }],
    ['POST /api/signal', '/api/signal', { nifty: 25120, rsi: 70.34, vix: 14.86, oiChange: 1.4 }],
    ['POST /api/strategy', '/api/strategy', { nifty: 25120, rsi: 60, vix: 14.86, event: 'usfed' }],
    ['POST /api/pattern-detect', '/api/pattern-detect', { event: 'rbi', nifty: 25120, rsi: 60, vix: 14.86 }],
  ] as const) {
    await postJson(call, body)();
    line(label, await timed(Math.min(rounds, 200), postJson(call, body)));
  }
  await stopServer(child);
  fs.rmSync(serverData, { recursive: true, force: true });
}

export default defineBenchSection({
  name: 'options',
  title: 'options assistants and studies',
  run: () => benchOptions(),
});
