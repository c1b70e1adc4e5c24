import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';

import { migrateToLatest } from '../db/migrate.ts';
import { allMigrations } from './build-app.ts';
import { features } from './features.ts';

const migrations = allMigrations(features);

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-migrate-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('migrations', () => {
  it('apply once, in order, and leave the tables the app needs', async () => {
    const database = await createTestDatabase();
    try {
      const first = await migrateToLatest(database, migrations);
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
        Object.keys(migrations)
          .sort()
          .map((name) => [name, 'Success']),
      );
      const again = await migrateToLatest(database, migrations);
      expect(again.results).toEqual([]);
      const tables = (await database.db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['app_state', 'blogs', 'posts']));
    } finally {
      await database.dispose();
    }
  });

  it('run from the command line (npm run db:migrate)', () => {
    const run = () =>
      spawnSync(process.execPath, ['apps/server/src/scripts/migrate.ts'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    // Every feature's migrations, in name order: the list grows with each feature that has tables.
    expect(first.stdout).toContain(`Applied ${Object.keys(migrations).sort().join(', ')} to sqlite:`);
    const second = run();
    expect(second.stdout).toContain('is up to date');
  });
});
