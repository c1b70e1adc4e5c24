import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeEventsFolder, writeMarketFolder } from '../../../test/market-folders.ts';
import { buildAppOnItsOwnDatabase } from '../../../test/own-database-app.ts';

// The start-up import in a process of its own (MARKET_IMPORT_IN=child, the default outside tests): the web
// process's memory never holds a first import (issue 28 item 3). This app opens its own SQLite file in its
// DATA_DIR, the file the child process opens too.
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the start-up import in a child process', () => {
  it('imports the market and events folders, and the trading answers show them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-child-import-'));
    const market = writeMarketFolder();
    const events = writeEventsFolder();
    // A file with a bad row is refused whole; the others are imported.
    fs.writeFileSync(path.join(events, 'bad.csv'), 'date,event,kind,impact\n2025-02-30,Nothing,rbi,High\n');
    folders.push(dataDir, market, events);
    const logged: { msg?: string; problems?: string[] }[] = [];
    // The same settings and log for the first start and the restart below.
    const start = () =>
      buildAppOnItsOwnDatabase(
        {
          LOG_LEVEL: 'info',
          MARKET_IMPORT_IN: 'child',
          DATA_DIR: dataDir,
          MARKET_DATA_DIR: market,
          EVENTS_DATA_DIR: events,
        },
        { logStream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
      );
    const app = await start();
    try {
      await app.ready();
      // While the import runs, the market's readiness checks say so (a warning), never failing for want
      // of an answer within their 2 s.
      const during = (await app.inject({ url: '/api/health/ready' })).json() as {
        checks: Record<string, { state: string }>;
      };
      for (const name of ['holiday-calendar', 'expiry-calendar', 'contract-rules', 'market-data'])
        expect(during.checks[name]?.state, name).not.toBe('failing');
      // Market reads wait for the start-up import.
      await app.site.readModel('marketData').current();
      const res = await app.inject({ url: '/api/financial-data' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      const holidays = await app.inject({ url: '/api/event-calendar' });
      expect(holidays.statusCode, holidays.body).toBe(200);
      expect(logged.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          'EVENTS_DATA_DIR: files refused',
          'MARKET_DATA_DIR imported (in a process of its own)',
        ]),
      );
      const refused = logged.find((line) => line.msg === 'EVENTS_DATA_DIR: files refused');
      expect(refused?.problems?.join('\n')).toContain('bad.csv:2');
    } finally {
      await app.close();
    }

    // A restart with the same files starts no process for the market folder: every file is as imported.
    // The events folder still holds the refused file, so it is tried (and refused) again.
    logged.length = 0;
    const restarted = await start();
    try {
      await restarted.ready();
      await restarted.site.readModel('marketData').current();
      const messages = logged.map((line) => line.msg);
      expect(messages).toContain('MARKET_DATA_DIR unchanged since its import');
      expect(messages).not.toContain('MARKET_DATA_DIR imported (in a process of its own)');
      expect(messages).toContain('EVENTS_DATA_DIR: files refused');
      expect((await restarted.inject({ url: '/api/financial-data' })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
