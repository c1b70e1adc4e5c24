import path from 'node:path';
import { z } from 'zod';
import { emptyToUndefined, setting } from '../../shared/config.ts';

/**
 * The market data's settings (docs/operations.md, "Market data"): the folders imported at start, where that
 * import runs, and the public source the sync reads. Each setting's row in the docs' settings table is
 * written here.
 */
export const marketSettings = z
  .object({
    MARKET_DATA_DIR: setting(z.preprocess(emptyToUndefined, z.string().optional()), {
      default: 'unset',
      description:
        'a folder of daily-price CSVs (`nifty50.csv`, `indiavix.csv`, sector files, `stocks/<SYMBOL>.csv`) imported at every start; unchanged files are skipped',
    }),
    EVENTS_DATA_DIR: setting(z.preprocess(emptyToUndefined, z.string().optional()), {
      default: 'unset',
      description:
        'a folder of `date,event,kind,impact` event CSVs (RBI, Fed, budget, NSE holidays) imported at every start',
    }),
    MARKET_IMPORT_IN: setting(
      z.preprocess(
        emptyToUndefined,
        z.enum(['child', 'process'], { error: 'must be child or process' }).default('child'),
      ),
      {
        description:
          'where the start-up import of `MARKET_DATA_DIR` and `EVENTS_DATA_DIR` runs: `child`, a process of its own (`hurryup import-market`), so a first import leaves no memory behind in the web process (about 90 MB); `process`, in the web process itself (the test setup)',
      },
    ),
    MARKET_SYNC: setting(
      z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
      {
        default: '`on` (the test setup sets `off`)',
        description:
          'fetch missing daily bars after the close and live quotes in market hours from the public source',
      },
    ),
    MARKET_SOURCE_URL: setting(
      z.preprocess(
        emptyToUndefined,
        z
          .url({
            protocol: /^https?$/,
            error: 'must be an absolute http(s) URL such as https://query1.finance.yahoo.com',
          })
          .default('https://query1.finance.yahoo.com'),
      ),
      {
        description:
          'base URL of the Yahoo Finance chart API the sync reads (tests point it at a local fake)',
      },
    ),
  })
  .transform((env) => ({
    dataDir: env.MARKET_DATA_DIR ? path.resolve(env.MARKET_DATA_DIR) : undefined,
    eventsDir: env.EVENTS_DATA_DIR ? path.resolve(env.EVENTS_DATA_DIR) : undefined,
    // Tests never reach the internet: their setup turns the sync off (MARKET_SYNC=off).
    sync: (env.MARKET_SYNC ?? 'on') === 'on',
    importIn: env.MARKET_IMPORT_IN,
    sourceUrl: env.MARKET_SOURCE_URL.replace(/\/+$/, ''),
  }));
export type MarketSettings = z.output<typeof marketSettings>;
