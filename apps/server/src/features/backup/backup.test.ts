import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { backupFeature } from './backup.feature.ts';

describe("the scheduled backups' readiness check", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-backups-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { BACKUP_DIR: folder, BACKUP_EVERY_HOURS: '24' },
      { platform: { clock }, features: [backupFeature] },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  // The report GET /api/health/ready answers (the health feature is another feature's).
  const backups = async () => (await t.app.platform.readiness.report()).checks.backups;
  const archive = (name: string) => fs.writeFileSync(path.join(folder, name), '');

  it('is ok before the first backup and while the newest is recent, a warning past two periods', async () => {
    expect(await backups()).toEqual({
      state: 'ok',
      required: false,
      message: `No backup in ${folder} yet: the first is written within a period of the start.`,
    });
    archive('hurryup-20261126T020000Z.tar.gz');
    archive('hurryup-20261125T020000Z.tar.gz');
    archive('not-a-backup.txt');
    expect(await backups()).toEqual({
      state: 'ok',
      required: false,
      message: 'The newest backup was taken at 2026-11-26T02:00:00.000Z, 31 hours ago.',
    });
    fs.rmSync(path.join(folder, 'hurryup-20261126T020000Z.tar.gz'));
    expect(await backups()).toEqual({
      state: 'warning',
      required: false,
      message:
        'The newest backup was taken at 2026-11-25T02:00:00.000Z, 55 hours ago: the scheduled backups are failing (see the backup.write job).',
    });
  });
});
