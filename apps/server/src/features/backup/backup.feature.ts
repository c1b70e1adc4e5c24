import { z } from 'zod';
import { setting } from '../../shared/config.ts';
import { defineFeature } from '../../shared/feature.ts';
import { newestBackupAt, pruneBackups, writeBackup } from './backup-archive.ts';

const hourMs = 60 * 60_000;

const backupSettings = z
  .object({
    BACKUP_DIR: setting(
      z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
      {
        default: 'unset',
        description:
          'where the scheduled `backup.write` job writes an archive every `BACKUP_EVERY_HOURS`; unset: no scheduled backups (docs/operations.md, "Backups")',
      },
    ),
    BACKUP_KEEP: setting(
      z.coerce
        .number({ error: 'BACKUP_KEEP must be a whole number of archives, 1 to 1000' })
        .int('BACKUP_KEEP must be a whole number of archives, 1 to 1000')
        .min(1, 'BACKUP_KEEP must be at least 1')
        .max(1000, 'BACKUP_KEEP must be at most 1000')
        .default(7),
      {
        description:
          'the newest archives kept in `BACKUP_DIR` (1 to 1000); older ones are removed after each backup',
      },
    ),
    BACKUP_EVERY_HOURS: setting(
      z.coerce
        .number({ error: 'BACKUP_EVERY_HOURS must be a number of hours, 1 to 168' })
        .min(1, 'BACKUP_EVERY_HOURS must be at least 1')
        .max(168, 'BACKUP_EVERY_HOURS must be at most 168 (a week)')
        .default(24),
      { description: 'hours between scheduled backups (1 to 168), once across all processes' },
    ),
  })
  .transform((env) => ({
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    everyMs: env.BACKUP_EVERY_HOURS * hourMs,
  }));

/**
 * Scheduled backups (docs/operations.md, "Backups"): with `BACKUP_DIR` set, the `backup.write` job writes one
 * archive every `BACKUP_EVERY_HOURS` (once across processes) — the database through SQLite's online backup or
 * `pg_dump`, and every file under DATA_DIR — and keeps the newest `BACKUP_KEEP`. `npm run backup` and
 * `npm run restore` (and the bundle's `hurryup backup|restore`) do the same by hand.
 */
export const backupFeature = defineFeature({
  name: 'backup',
  settings: backupSettings,
  async plugin(_app, { config, jobs, settings, readiness, clock }) {
    const folder = settings.dir;
    if (!folder) return;
    // A warning once the newest archive is older than two periods: the scheduled backups are failing.
    readiness.add({
      name: 'backups',
      required: false,
      check: async () => {
        const newest = newestBackupAt(folder);
        if (!newest)
          return {
            state: 'ok',
            message: `No backup in ${folder} yet: the first is written within a period of the start.`,
          };
        const hours = Math.floor((clock.now() - newest.getTime()) / hourMs);
        const taken = `The newest backup was taken at ${newest.toISOString()}, ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
        return clock.now() - newest.getTime() > 2 * settings.everyMs
          ? {
              state: 'warning',
              message: `${taken}: the scheduled backups are failing (see the backup.write job).`,
            }
          : { state: 'ok', message: `${taken}.` };
      },
    });
    jobs.define({
      name: 'backup.write',
      payload: z.object({}),
      schedule: { everyMs: settings.everyMs, runAtStart: false },
      timeoutMs: 60 * 60_000,
      async handler(_payload, { log, clock }) {
        const result = await writeBackup(
          { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
          folder,
          clock.date(),
        );
        const removed = pruneBackups(folder, settings.keep);
        log.info({ ...result, removed: removed.length }, 'backup written');
        return { file: result.file, bytes: result.bytes, removed: removed.length };
      },
    });
  },
});
