import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { marketFeature } from './market.feature.ts';

const { of: settingsOf, problemsOf, described } = featureSettings(marketFeature);

describe("the market data's settings", () => {
  it('syncs, imports in a child process and reads Yahoo by default; folders are made absolute', () => {
    expect(settingsOf({ NODE_ENV: 'test' })).toEqual({
      dataDir: undefined,
      eventsDir: undefined,
      sync: true,
      importIn: 'child',
      sourceUrl: 'https://query1.finance.yahoo.com',
    });
    expect(
      settingsOf({
        MARKET_DATA_DIR: 'data/market',
        EVENTS_DATA_DIR: '/srv/events',
        MARKET_IMPORT_IN: 'process',
        MARKET_SOURCE_URL: 'http://127.0.0.1:9000/',
      }),
    ).toMatchObject({
      dataDir: path.resolve('data/market'),
      eventsDir: '/srv/events',
      importIn: 'process',
      sourceUrl: 'http://127.0.0.1:9000',
    });
  });

  it('turns the sync off only by its setting, whatever NODE_ENV says (tests set MARKET_SYNC=off)', () => {
    expect(settingsOf({ NODE_ENV: 'test' }).sync).toBe(true);
    expect(settingsOf({ NODE_ENV: 'test', MARKET_SYNC: 'off' }).sync).toBe(false);
  });

  it('refuses a bad sync switch, import place and source URL, in plain words', () => {
    const problems = problemsOf({
      MARKET_SYNC: 'sometimes',
      MARKET_IMPORT_IN: 'thread',
      MARKET_SOURCE_URL: 'ftp://example.com',
    });
    expect(problems.sort()).toEqual([
      'MARKET_IMPORT_IN: must be child or process (got "thread")',
      'MARKET_SOURCE_URL: must be an absolute http(s) URL such as https://query1.finance.yahoo.com (got "ftp://example.com")',
      'MARKET_SYNC: must be on or off (got "sometimes")',
    ]);
  });

  it('documents every setting where it is defined, none of them a secret', () => {
    const settings = described();
    expect(settings.map(({ name }) => name)).toEqual([
      'MARKET_DATA_DIR',
      'EVENTS_DATA_DIR',
      'MARKET_IMPORT_IN',
      'MARKET_SYNC',
      'MARKET_SOURCE_URL',
    ]);
    expect(settings.filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(settings.filter(({ secret }) => secret)).toEqual([]);
  });
});
