/**
 * `npm run market:import -- <folder> [--force]`: imports a folder of daily-bar CSVs (plain
 * date,open,high,low,close[,volume] or NSE's historical-index export; `stocks/<SYMBOL>.csv` for stocks) or
 * of event CSVs (date,event,kind,impact). Valid files are upserted, so running it twice changes nothing;
 * a file with any bad row is refused whole and each problem printed as file:line. Files imported before
 * and unchanged since are skipped unless --force is given.
 */
import path from 'node:path';
import { buildApp } from '../app/build-app.ts';
import { loadSiteConfig } from '../app/site-config.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { MarketTables } from '../features/market/market.tables.ts';
import { formatCsvProblem } from '../features/market/market-csv.ts';
import { importEventsFolder, importMarketFolder, isEventsFolder } from '../features/market/market-import.ts';
import { ConfigError } from '../shared/config.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const folder = args.find((arg) => arg !== '--force');
if (!folder) {
  console.error('Usage: npm run market:import -- <folder of CSV files> [--force]');
  process.exit(2);
}

try {
  // The app without pages, without start-up imports and without the sync: it only migrates the database.
  const app = await buildApp(
    loadSiteConfig({
      ...process.env,
      SEED_CONTENT: 'false',
      MARKET_DATA_DIR: '',
      EVENTS_DATA_DIR: '',
      MARKET_SYNC: 'off',
    }),
    { logger: false, role: 'tool' },
  );
  try {
    await app.ready();
    const absolute = path.resolve(folder);
    const events = isEventsFolder(absolute);
    const started = performance.now();
    const db = tablesOf<MarketTables>(app.database.db);
    const result = events
      ? await importEventsFolder(db, absolute, { force })
      : await importMarketFolder(db, absolute, { force });
    const seconds = (performance.now() - started) / 1000;
    for (const problem of result.problems) console.error(formatCsvProblem(problem));
    const imported = result.files.filter((f) => !f.skipped);
    // Running servers read the market data per revision: moving it makes them read the new bars and events
    // (and drop the trading pages and answers they cached) within a second.
    if (imported.length > 0) await app.site.contentChanged(['market'], { pictures: false });
    const refused = new Set(result.problems.map((p) => p.file)).size;
    console.log(
      `Imported into ${app.database.describe}: ${imported.length} ${events ? 'event' : 'price'} file(s), ${result.rows} rows in ${seconds.toFixed(1)} s; ${result.files.length - imported.length} unchanged file(s) skipped${refused ? `; ${refused} file(s) refused` : ''}.`,
    );
    if (refused) process.exitCode = 1;
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exitCode = 1;
}
