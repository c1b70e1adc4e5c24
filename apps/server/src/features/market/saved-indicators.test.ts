import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { marketMigrations } from './market.migrations.ts';
import type { MarketTables } from './market.tables.ts';

const deviceA = '0f8fad5b-d9cb-469f-a165-70867728950e';
const deviceB = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const onePerDevice = '0017-market-indicators-per-device';

describe('saved indicators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const save = (device: string, nifty: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/indicators/save',
      payload: { device_id: device, nifty, rsi: 55.5, vix: 13.2, ...extra },
    });
  const rows = (device?: string) => {
    let query = tablesOf<MarketTables>(t.database.db).selectFrom('market_indicator_snapshots').selectAll();
    if (device) query = query.where('device_id', '=', device);
    return query.execute();
  };

  it('keep one row per device: 50 saves leave the last values', async () => {
    for (let i = 1; i <= 50; i += 1) {
      const res = await save(deviceA, 24_000 + i, i === 50 ? {} : { oiChange: 1.5 });
      expect(res.statusCode).toBe(201);
    }
    const stored = await rows(deviceA);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ nifty: 24_050, oi_change: null });
    const last = await t.app.inject({ method: 'GET', url: `/api/indicators/saved?device_id=${deviceA}` });
    expect(last.json()).toEqual({ nifty: 24_050, rsi: 55.5, vix: 13.2, savedAt: expect.any(String) });
  });

  it('keep one row per device when its saves race each other, and one for each other device', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(i % 2 === 0 ? deviceA : deviceB, 25_000 + i)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect(await rows(deviceA)).toHaveLength(1);
    expect(await rows(deviceB)).toHaveLength(1);
    expect(await rows()).toHaveLength(2);
    const b = (
      await t.app.inject({ method: 'GET', url: `/api/indicators/saved?device_id=${deviceB}` })
    ).json();
    expect(b.nifty % 2).toBe(1);
  });
});

describe(`migration ${onePerDevice}`, () => {
  it("keeps each device's newest row of those saved before it", async () => {
    const database = await createTestDatabase();
    try {
      // The market's own tables are all it needs.
      const migrations = marketMigrations;
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < onePerDevice));
      await migrateToLatest(database, before);
      const db = tablesOf<MarketTables>(database.db);
      const row = (device: string, nifty: number) => ({
        device_id: device,
        nifty,
        rsi: 50,
        vix: 12,
        oi_change: null,
        saved_at: new Date(Date.UTC(2026, 0, 1, 0, 0, nifty)).toISOString(),
      });
      await db
        .insertInto('market_indicator_snapshots')
        .values([row(deviceA, 1), row(deviceB, 2), row(deviceA, 3), row(deviceA, 4), row(deviceB, 5)])
        .execute();

      await migrateToLatest(database, migrations);
      const kept = await db
        .selectFrom('market_indicator_snapshots')
        .select(['device_id', 'nifty'])
        .orderBy('device_id')
        .execute();
      expect(kept.map((r) => [r.device_id, Number(r.nifty)])).toEqual([
        [deviceA, 4],
        [deviceB, 5],
      ]);
      // The database itself now refuses a second row for a device.
      await expect(
        db.insertInto('market_indicator_snapshots').values(row(deviceA, 6)).execute(),
      ).rejects.toThrow();
    } finally {
      await database.dispose();
    }
  });
});
