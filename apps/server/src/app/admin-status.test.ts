import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminToken } from '../../test/admin.ts';
import { offlineTestSettings } from '../../test/offline-settings.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { ManualClock } from '../shared/clock.ts';
import type { Job } from '../shared/jobs.ts';
import { buildApp } from './build-app.ts';
import { loadSiteConfig } from './site-config.ts';

/** Secrets in effect: none of them may appear in the status answer or any log line. */
const secrets = {
  ADMIN_TOKEN: adminToken,
  METRICS_TOKEN: 'metrics-secret-token-0123456789',
  SMTP_URL: 'smtp://desk:pa55-w0rd-secret@127.0.0.1:9/',
  YOUTUBE_API_KEY: 'AIzaSecretYoutubeKey0123456789',
};

describe('GET /api/admin/status', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let breaks: Job;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-status-'));
    const config = loadSiteConfig({
      ...offlineTestSettings,
      // Every line at every level, so a secret in any of them would be seen.
      LOG_LEVEL: 'trace',
      DATA_DIR: dataDir,
      SITE_NAME: 'Status Test Site',
      ...secrets,
    });
    app = await buildApp(config, {
      database,
      platform: { clock },
      logStream: { write: (line) => void lines.push(line) },
    });
    app.platform.jobs.define({
      name: 'status-test.hourly',
      payload: z.object({}),
      schedule: { everyMs: 60 * 60_000 },
      handler: async (_payload, { clock: jobClock }) => {
        await jobClock.sleep(1_500);
        return 'done';
      },
    });
    breaks = app.platform.jobs.define({
      name: 'status-test.breaks',
      payload: z.object({}),
      handler: async () => {
        throw new Error('the source answered 500');
      },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (authorization = `Bearer ${adminToken}`) =>
    app.inject({ method: 'GET', url: '/api/admin/status', headers: { authorization } });

  it('needs the admin token', async () => {
    const res = await status('Bearer wrong-token-0123456789');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it("gives each job's last run, result and next run, from the run log every process writes", async () => {
    // The scheduled job's first period is due at start, where it began: once it sleeps (its timer is set, an
    // event waited for, not a time), the clock moves through its sleep.
    const wakeAt = Date.UTC(2026, 10, 27, 9, 0) + 1_500;
    await vi.waitFor(() => expect(clock.pendingTimersAt(wakeAt)).toBeGreaterThan(0), { timeout: 30_000 });
    await clock.advanceAsync(1_500);
    await app.platform.jobs.settled();
    // A job queued by a feature that fails: its error is the result.
    await expect(breaks.run({})).rejects.toThrow('the source answered 500');

    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    const hourly = body.jobs.find((job: { name: string }) => job.name === 'status-test.hourly');
    expect(hourly).toEqual({
      name: 'status-test.hourly',
      everyMs: 3_600_000,
      nextRunAt: '2026-11-27T10:00:00.000Z',
      lastRun: {
        dueAt: '2026-11-27T09:00:00.000Z',
        startedAt: '2026-11-27T09:00:00.000Z',
        finishedAt: '2026-11-27T09:00:01.500Z',
        outcome: 'succeeded',
        error: null,
        attempt: 1,
        lagMs: 0,
        durationMs: 1_500,
      },
      runs: 1,
      failures: 0,
    });
    expect(body.jobs.find((job: { name: string }) => job.name === 'status-test.breaks')).toMatchObject({
      everyMs: null,
      nextRunAt: null,
      lastRun: { outcome: 'failed', error: 'the source answered 500' },
      runs: 1,
      failures: 1,
    });
    // The site's own scheduled jobs are listed with their next run; engine tasks are not.
    const names = body.jobs.map((job: { name: string }) => job.name);
    expect(names).toEqual(expect.arrayContaining(['mail.deliver', 'files.sweep']));
    expect(names.some((name: string) => name.startsWith('engine.'))).toBe(false);
    expect(body.jobs.find((job: { name: string }) => job.name === 'mail.deliver').nextRunAt).not.toBeNull();
  });

  it('gives the readiness checks and the engines of this process', async () => {
    // The market's checks say "being imported at start" while the start-up import runs (longer on a busy
    // machine or PostgreSQL): what they say after it is what this test reads.
    await vi.waitFor(
      async () =>
        expect(JSON.stringify((await status()).json().warnings)).not.toContain('being imported at start'),
      { timeout: 60_000, interval: 50 },
    );
    const body = (await status()).json();
    expect(body.readiness.checks.database).toEqual({ state: 'ok', required: true });
    // The one kind of warning here: this app has no market data (its checks say so, nothing else warns).
    expect(
      body.warnings.filter(
        (warning: { check: string }) =>
          !['market-data', 'holiday-calendar', 'expiry-calendar'].includes(warning.check),
      ),
    ).toEqual([]);
    expect(body.engines).toMatchObject({ where: 'this process', reportedAt: null });
    expect(body.engines.threadBudget).toBeGreaterThan(0);
  });

  it('gives the settings in effect, secrets marked and never shown, and never in a log line', async () => {
    const res = await status();
    const body = res.json();
    const setting = (name: string) => body.settings.find((row: { name: string }) => row.name === name);
    expect(setting('SITE_NAME')).toEqual({
      name: 'SITE_NAME',
      owner: 'site',
      state: 'set',
      value: 'Status Test Site',
      secret: false,
    });
    expect(setting('PORT')).toEqual({
      name: 'PORT',
      owner: 'site',
      state: 'default',
      value: '3000',
      secret: false,
    });
    expect(setting('DATABASE_URL')).toMatchObject({ state: 'unset', value: null, secret: true });
    // A feature's settings, under its name.
    expect(setting('FEEDS_REFRESH_MINUTES')).toMatchObject({
      owner: 'market-news',
      state: 'set',
      value: '0',
    });
    expect(setting('BACKUP_KEEP')).toMatchObject({ owner: 'backup', state: 'default', value: '7' });
    for (const name of Object.keys(secrets))
      expect(setting(name), name).toEqual({
        name,
        owner: name === 'YOUTUBE_API_KEY' ? 'market-news' : 'site',
        state: 'set',
        value: null,
        secret: true,
      });
    const everything = `${res.body}\n${lines.join('')}`;
    expect(lines.length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(secrets)) {
      expect(everything, name).not.toContain(value);
      // Nor a part of it that identifies it (the password inside the SMTP URL).
      expect(everything, name).not.toContain('pa55-w0rd-secret');
    }
  });
});
