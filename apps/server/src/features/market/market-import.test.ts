import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMarketFolder } from '../../../test/market-folders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { createMarketRepository } from './market.repository.ts';
import type { MarketTables } from './market.tables.ts';
import { formatCsvProblem, nseDate, parseBarsCsv } from './market-csv.ts';
import { importEventsFolder, importMarketFolder } from './market-import.ts';
import { instrumentForFile } from './market-instruments.ts';

const problemsOf = (file: string, text: string) => {
  const parsed = parseBarsCsv(file, text);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems.map(formatCsvProblem);
};

describe('daily-bar CSV files', () => {
  it('read the plain layout, oldest first, with volume where given', () => {
    const parsed = parseBarsCsv(
      'x.csv',
      'date,open,high,low,close,volume\n2024-01-03,10,12,9,11,500\n2024-01-02,9,10,8.5,9.5,\n',
    );
    expect(parsed).toEqual({
      ok: true,
      layout: 'plain',
      bars: [
        { date: '2024-01-02', open: 9, high: 10, low: 8.5, close: 9.5 },
        { date: '2024-01-03', open: 10, high: 12, low: 9, close: 11, volume: 500 },
      ],
    });
  });

  it("read NSE's historical-index export: DD-Mon-YYYY dates, quoted thousands, shares traded as volume", () => {
    const text =
      '\uFEFFDate,Open,High,Low,Close,Shares Traded,Turnover (₹ Cr)\r\n' +
      '02-Jan-2024,"21,751.35","21,755.60","21,555.65","21,665.80",310406741,28443.73\r\n' +
      '01-JAN-2024,"21,727.75","21,834.35","21,680.85","21,741.90",154846765,12563.01\r\n';
    const parsed = parseBarsCsv('NIFTY 50.csv', text);
    expect(parsed).toEqual({
      ok: true,
      layout: 'nse',
      bars: [
        {
          date: '2024-01-01',
          open: 21727.75,
          high: 21834.35,
          low: 21680.85,
          close: 21741.9,
          volume: 154846765,
        },
        {
          date: '2024-01-02',
          open: 21751.35,
          high: 21755.6,
          low: 21555.65,
          close: 21665.8,
          volume: 310406741,
        },
      ],
    });
    // The India VIX export: trailing spaces in the header, '-' for shares traded it does not have.
    const vix = parseBarsCsv(
      'vix.csv',
      'Date ,Open ,High ,Low ,Close ,Prev. Close ,Change ,% Change \n04-Jun-2024,17.5,28.5,16.9,26.7475,17.5,9.24,52.84\n',
    );
    expect(vix.ok && vix.bars).toEqual([
      { date: '2024-06-04', open: 17.5, high: 28.5, low: 16.9, close: 26.7475 },
    ]);
    expect(nseDate('5 Mar 2024')).toBe('2024-03-05');
    expect(nseDate('05-Foo-2024')).toBeUndefined();
  });

  it('refuse bad rows with file and line: OHLC sanity, bad and duplicate dates, non-numeric prices', () => {
    expect(
      problemsOf(
        'bad.csv',
        [
          'date,open,high,low,close',
          '2024-01-02,10,9,8,9.5',
          '2024-02-30,10,11,9,10',
          '2024-01-03,ten,11,9,10',
          '2024-01-04,10,11,9,10',
          '2024-01-04,10,11,9,10.5',
          '2024-01-05,10,11,9',
          '2024-01-08,10,11,10.5,10.2',
        ].join('\n'),
      ),
    ).toEqual([
      'bad.csv:2: high 9 is below the open or close',
      'bad.csv:3: date "2024-02-30" is not a YYYY-MM-DD date',
      'bad.csv:4: open "ten" is not a number',
      'bad.csv:6: date 2024-01-04 is already on line 5',
      'bad.csv:7: has 4 fields, the header has 5',
      'bad.csv:8: low 10.5 is above the open or close',
    ]);
    expect(problemsOf('u.csv', 'date,open,high,low,close,adj close\n2024-01-02,1,1,1,1,1\n')).toEqual([
      'u.csv:1: unknown column "adj close": expected date,open,high,low,close[,volume] or NSE\'s Date,Open,High,Low,Close,Shares Traded,Turnover (₹ Cr)',
    ]);
    expect(problemsOf('e.csv', '')).toEqual(['e.csv: the file is empty']);
    expect(problemsOf('h.csv', 'date,open,high,low,close\n')).toEqual([
      'h.csv: the file has a header but no rows',
    ]);
    expect(problemsOf('m.csv', 'date,open,high,low\n2024-01-02,1,1,1\n')).toEqual([
      'm.csv:1: the header has no close column',
    ]);
    expect(problemsOf('d.csv', 'date,open,high,low,close\n02/01/2024,1,1,1,1\n')).toEqual([
      'd.csv:2: date "02/01/2024" is not a date',
    ]);
  });

  it('name instruments from file names', () => {
    const symbol = (file: string) => {
      const found = instrumentForFile(file);
      return typeof found === 'string' ? found : [found.symbol, found.kind, found.sourceSymbol];
    };
    expect(symbol('nifty50.csv')).toEqual(['NIFTY 50', 'index', '^NSEI']);
    expect(symbol('indiavix.csv')).toEqual(['INDIA VIX', 'index', '^INDIAVIX']);
    expect(symbol('banknifty.csv')).toEqual(['NIFTY BANK', 'index', '^NSEBANK']);
    expect(symbol('nifty_psu_bank.csv')).toEqual(['NIFTY PSU BANK', 'index', '^CNXPSUBANK']);
    expect(symbol('stocks/M_M.csv')).toEqual(['M&M', 'stock', 'M&M.NS']);
    expect(symbol('stocks/BAJAJ-AUTO.csv')).toEqual(['BAJAJ-AUTO', 'stock', 'BAJAJ-AUTO.NS']);
    expect(symbol('stocks/bad name!.csv')).toBe('"bad name!" is not an NSE stock symbol');
  });
});

describe('importing folders', () => {
  let t: TestApp;
  let db: ReturnType<typeof tablesOf<MarketTables>>;
  beforeAll(async () => {
    t = await createTestApp();
    db = tablesOf<MarketTables>(t.database.db);
  });
  afterAll(() => t.close());

  it('imports a folder, skips it unchanged, re-imports a changed file idempotently and refuses a bad one whole', async () => {
    const folder = writeMarketFolder({ days: 30 });
    const first = await importMarketFolder(db, folder);
    expect(first.problems).toEqual([]);
    expect(first.files.map((f) => [f.file, f.symbol, f.rows, f.skipped])).toEqual([
      ['indiavix.csv', 'INDIA VIX', 30, false],
      ['nifty50.csv', 'NIFTY 50', 30, false],
      ['stocks/M_M.csv', 'M&M', 30, false],
      ['stocks/TCS.csv', 'TCS', 30, false],
    ]);
    const repository = createMarketRepository(db);
    expect(await repository.countBars()).toBe(120);

    const again = await importMarketFolder(db, folder);
    expect(again.files.every((f) => f.skipped)).toBe(true);
    expect(again.rows).toBe(0);

    // Forced: the same rows are upserted, nothing doubles.
    const forced = await importMarketFolder(db, folder, { force: true });
    expect(forced.rows).toBe(120);
    expect(await repository.countBars()).toBe(120);

    // A file that gains a bad row is refused whole; its stored rows stay as they were.
    const tcs = path.join(folder, 'stocks', 'TCS.csv');
    fs.appendFileSync(tcs, '2025-06-30,10,9,8,9,100\n2025-07-01,11,12,10,11,100\n');
    const refused = await importMarketFolder(db, folder);
    expect(refused.problems.map(formatCsvProblem)).toEqual([
      'stocks/TCS.csv:32: high 9 is below the open or close',
    ]);
    expect(await repository.countBars('TCS')).toBe(30);
    fs.rmSync(folder, { recursive: true });
  });

  it('imports event files and refuses bad ones with their lines', async () => {
    const folder = fs.mkdtempSync(path.join(path.dirname(writeMarketFolder({ days: 1 })), 'events-'));
    fs.writeFileSync(
      path.join(folder, 'good.csv'),
      'date,event,kind,impact\n2025-10-21,Diwali Laxmi Pujan,holiday,muhurat\n',
    );
    fs.writeFileSync(
      path.join(folder, 'bad.csv'),
      'date,event,kind,impact\n2025-02-30,X,rbi,high\n2025-03-01,Y,party,high\n2025-03-02,,rbi,high\n',
    );
    const result = await importEventsFolder(db, folder);
    expect(result.rows).toBe(1);
    expect(result.problems.map(formatCsvProblem)).toEqual([
      'bad.csv:2: This date does not exist.',
      'bad.csv:3: Kind must be one of rbi, usfed, budget, holiday, election, results.',
      'bad.csv:4: Event is required.',
    ]);
    expect(await createMarketRepository(db).events({ from: '2025-10-21', to: '2025-10-21' })).toEqual([
      { date: '2025-10-21', kind: 'holiday', title: 'Diwali Laxmi Pujan', impact: 'muhurat' },
    ]);
  });
});

// The real files of ../shared/data when the settings name them (CI does); otherwise the same checks on a
// folder written here, so the test always runs.
const realMarket = process.env.MARKET_DATA_DIR;
const realEvents = process.env.EVENTS_DATA_DIR;

describe(`importing ${realMarket ? `MARKET_DATA_DIR (${realMarket})` : 'a written market folder'} at start`, () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = realMarket ?? writeMarketFolder();
    t = await createTestApp({
      MARKET_DATA_DIR: folder,
      ...(realEvents ? { EVENTS_DATA_DIR: realEvents } : {}),
    });
    // The start-up import runs in the background; a read of the market data waits for it.
    await t.app.site.readModel('marketData').current();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    if (!realMarket) fs.rmSync(folder, { recursive: true });
  });

  it('stores every file with its row count and spot values', async () => {
    const repository = createMarketRepository(tablesOf<MarketTables>(t.database.db));
    const bars = async (symbol: string, date: string) =>
      (await repository.recentBarsOf([symbol], date)).get(symbol)?.find((b) => b.date === date);
    if (realMarket) {
      expect(await repository.countBars('NIFTY 50')).toBe(2966);
      expect(await repository.countBars('NIFTY BANK')).toBe(2966);
      expect(await repository.countBars('INDIA VIX')).toBe(2961);
      expect(await repository.countBars('NIFTY FMCG')).toBe(2940);
      expect(await repository.countBars('M&M')).toBe(1241);
      expect(await repository.countBars('JIOFIN')).toBe(526);
      expect((await repository.instruments()).length).toBe(65);
      expect((await bars('NIFTY 50', '2020-03-23'))?.close).toBe(7610.25);
      expect((await bars('NIFTY 50', '2024-06-04'))?.close).toBe(21884.5);
      expect(await bars('TCS', '2024-06-04')).toEqual({
        date: '2024-06-04',
        open: 3700,
        high: 3745,
        low: 3591.5,
        close: 3715,
        volume: 3395997,
      });
      expect(await repository.lastBarDate('NIFTY 50')).toBe('2025-12-31');
    } else {
      expect(await repository.countBars('NIFTY 50')).toBe(260);
      expect(await repository.countBars('M&M')).toBe(260);
      expect((await bars('NIFTY 50', '2025-06-27'))?.close).toBe(23400);
      expect(await repository.lastBarDate('INDIA VIX')).toBe('2025-06-27');
    }
  });

  it('carries the event calendar from the seed content, matching ../shared/data/events', async () => {
    const seeded = await createTestApp({ SEED_CONTENT: 'true' });
    try {
      const repository = createMarketRepository(tablesOf<MarketTables>(seeded.database.db));
      expect(await repository.countEvents('content')).toBe(239);
      const events = await repository.events({ from: '2024-06-04', to: '2024-06-04' });
      expect(events).toEqual([
        { date: '2024-06-04', kind: 'election', title: 'Lok Sabha general election results', impact: 'high' },
      ]);
      if (realEvents) {
        for (const file of fs.readdirSync(realEvents)) {
          const lines = fs.readFileSync(path.join(realEvents, file), 'utf8').trim().split('\n').slice(1);
          for (const line of lines) {
            const [date, event, kind, impact] = line.split(',');
            const found = await repository.events({ from: date, to: date, kinds: [kind!] });
            expect(found, `${file}: ${line}`).toEqual([{ date, kind, title: event, impact }]);
          }
        }
      }
    } finally {
      await seeded.close();
    }
  });
});
