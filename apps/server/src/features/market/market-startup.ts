import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { YahooChartSource } from '../../adapters/yahoo-chart.ts';
import type { Database } from '../../db/database.ts';
import { tablesOf } from '../../db/tables-of.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Config } from '../../shared/config.ts';
import type { Jobs } from '../../shared/jobs.ts';
import type { MarketRepository } from './market.repository.ts';
import type { MarketService } from './market.service.ts';
import type { MarketSettings } from './market.settings.ts';
import type { MarketTables } from './market.tables.ts';
import { formatCsvProblem } from './market-csv.ts';
import { folderUnchangedSinceImport, importEventsFolder, importMarketFolder } from './market-import.ts';
import { syncDailyBars } from './market-sync.ts';

const runFile = promisify(execFile);
/** The operator's import command, run as a child process for the start-up import. */
const importScript = path.resolve(import.meta.dirname, '../../scripts/import-market.ts');

/** How often the server checks whether a closed session is missing from the database. */
export const syncCheckIntervalMs = 15 * 60_000;
/** After a failed sync the source is left alone this long (an offline machine logs and retries hourly). */
const retryAfterFailureMs = 60 * 60_000;

/**
 * At start, in the background: imports the CSV folders the settings name (unchanged files are skipped
 * quickly); `importDone` settles when it has finished, and the market data's reads wait for it. With the sync
 * on, the `market.sync` job fetches missing sessions when the data is stale, at start and every 15 minutes
 * (once across all processes), so the day's bars arrive after the close. Bad files and an unreachable
 * source are logged; they never stop the server.
 */
export function startMarketData(
  app: FastifyInstance,
  deps: {
    database: Database;
    config: Config;
    settings: MarketSettings;
    repository: MarketRepository;
    market: MarketService;
    source: YahooChartSource | undefined;
    jobs: Jobs;
    clock: Clock;
  },
) {
  const { database, config, settings, repository, market, source, jobs, clock } = deps;
  let lastFailure: number | undefined;

  const stopping = new AbortController();

  /**
   * The import of one folder in a process of its own (`MARKET_IMPORT_IN=child`, the default): the same
   * command an operator runs (`hurryup import-market <folder>`), so the memory a first import of a large
   * folder takes (about 150 MB, which glibc keeps once used) is returned when that process ends, not held
   * by the web process for its whole life (docs/decisions/0044-memory-of-a-web-process.md).
   */
  async function importInChild(dir: string, setting: string) {
    const started = performance.now();
    try {
      const { stdout } = await runFile(process.execPath, [importScript, dir], {
        env: {
          ...process.env,
          DATA_DIR: config.dataDir,
          ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
        },
        signal: stopping.signal,
        maxBuffer: 4 * 1024 * 1024,
      });
      app.log.info(
        {
          folder: dir,
          ms: Math.round(performance.now() - started),
          result: stdout.trim().split('\n').at(-1),
        },
        `${setting} imported (in a process of its own)`,
      );
    } catch (error) {
      if (stopping.signal.aborted) return;
      const { stderr, code } = error as { stderr?: string; code?: unknown };
      // Exit code 1: some files were refused (each problem on its own line); the valid ones were imported.
      if (code === 1 && stderr)
        app.log.warn({ problems: stderr.trim().split('\n') }, `${setting}: files refused`);
      else app.log.error({ err: error, folder: dir }, `${setting} could not be imported`);
    }
  }

  async function importFolders() {
    const folders = [
      {
        dir: settings.eventsDir,
        run: importEventsFolder,
        setting: 'EVENTS_DATA_DIR',
        kind: 'events' as const,
      },
      { dir: settings.dataDir, run: importMarketFolder, setting: 'MARKET_DATA_DIR', kind: 'market' as const },
    ];
    for (const { dir, run, setting, kind } of folders) {
      if (!dir) continue;
      if (settings.importIn === 'child') {
        // A restart with the same files (the usual case) starts no process: a look at each file's size and
        // time tells that the import would skip them all.
        const unchanged = await folderUnchangedSinceImport(
          tablesOf<MarketTables>(database.db),
          dir,
          kind,
          clock,
        ).catch(() => false);
        if (unchanged) app.log.info({ folder: dir }, `${setting} unchanged since its import`);
        else await importInChild(dir, setting);
        continue;
      }
      try {
        const started = performance.now();
        const result = await run(tablesOf<MarketTables>(database.db), dir, { clock });
        const imported = result.files.filter((f) => !f.skipped).length;
        app.log.info(
          {
            folder: dir,
            imported,
            skipped: result.files.length - imported,
            rows: result.rows,
            ms: Math.round(performance.now() - started),
          },
          `${setting} imported`,
        );
        if (result.problems.length > 0)
          app.log.warn({ problems: result.problems.map(formatCsvProblem) }, `${setting}: files refused`);
      } catch (error) {
        app.log.error({ err: error, folder: dir }, `${setting} could not be imported`);
      }
    }
    // Cached market answers are computed anew (docs/decisions/0012-page-cache.md).
    await app.site.contentChanged(['market'], { pictures: false });
    // Visitors are told only that there is no market data; what to do about it is for the operator's log.
    if (!(await repository.lastBarDate('NIFTY 50')))
      app.log.warn(
        'no market data: the trading pages say "Market data not loaded"; import a folder of daily price CSV files with "npm run market:import -- <folder>" or set MARKET_DATA_DIR (docs/operations.md "Market data")',
      );
  }

  async function syncIfStale() {
    if (!source || (lastFailure !== undefined && clock.now() - lastFailure < retryAfterFailureMs)) return;
    const at = await market.moment();
    const last = await repository.lastBarDate('NIFTY 50');
    if (last && last >= at.lastClosedSession) return;
    try {
      const result = await syncDailyBars(repository, source, at, app.log);
      app.log.info(result, 'market data synced');
      await app.site.contentChanged(['market'], { pictures: false });
    } catch (error) {
      lastFailure = clock.now();
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'market data sync failed; answering from the database, next try in an hour',
      );
    }
  }

  // The sync and every read of the market data wait for the start-up import, so the sync never fetches what
  // a file is about to bring, and no market page or answer is computed from half a folder.
  let imported!: () => void;
  const importDone = new Promise<void>((resolve) => {
    imported = resolve;
  });
  if (source)
    jobs.define({
      name: 'market.sync',
      payload: z.object({}),
      schedule: { everyMs: syncCheckIntervalMs },
      handler: async () => {
        await importDone;
        await syncIfStale();
      },
    });

  // In the background: the site answers at once, and no page that does not read market data (a blog page,
  // a tool) waits for the import of a folder of CSV files (issue 28 item 6). Closing waits for it.
  let importing: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    importing = importFolders()
      .catch((error: unknown) => app.log.error({ err: error }, 'market data start-up import failed'))
      .finally(imported);
  });
  app.addHook('onClose', async () => {
    // A child import still running is stopped (each file is imported in one transaction or not at all).
    stopping.abort();
    await importing;
  });
  return { importDone };
}
