import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const child = path.resolve(import.meta.dirname, '../../test/loaded-packages-child.ts');

/** The npm packages a freshly started app loaded, with `env` on top of the offline test settings. */
async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [child], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 120_000,
  });
  return JSON.parse(stdout) as string[];
}

// A process with the offline test settings alone, started once for the tests that ask about it.
let plainProcess: Promise<string[]> | undefined;
const plainProcessLoaded = () => {
  plainProcess ??= packagesLoaded({});
  return plainProcess;
};

// Issue 28: memory. A web process without Redis or SMTP does not hold BullMQ, ioredis or nodemailer.
describe('packages loaded only when their settings ask for them', () => {
  it('a process with neither REDIS_URL nor SMTP_URL loads no Redis, queue or mail library', async () => {
    const loaded = await plainProcessLoaded();
    expect(loaded).toContain('fastify'); // the recording sees packages at all
    expect(loaded).not.toContain('ioredis');
    expect(loaded).not.toContain('bullmq');
    expect(loaded).not.toContain('nodemailer');
  });

  it('a process on SQLite without METRICS_TOKEN loads no PostgreSQL driver, metrics, or what only a task uses', async () => {
    const loaded = await plainProcessLoaded();
    // Each is loaded by its first use: a PostgreSQL database, METRICS_TOKEN, a backup, a feed read, an upload,
    // a QR code, a nutrition lookup.
    for (const onUse of ['pg', 'prom-client', 'tar', 'rss-parser', 'file-type', 'qrcode', 'parse-ingredient'])
      expect(loaded).not.toContain(onUse);
  });

  it('METRICS_TOKEN loads the metrics library', async () => {
    const loaded = await packagesLoaded({ METRICS_TOKEN: 'lazy-dependencies-metrics-token' });
    expect(loaded).toContain('prom-client');
  });

  it('SMTP_URL alone does not load nodemailer before the first message', async () => {
    const loaded = await packagesLoaded({
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Site <site@example.in>',
    });
    expect(loaded).not.toContain('nodemailer');
  });

  it('REDIS_URL loads ioredis and BullMQ (a Redis that is away: the process starts all the same)', async () => {
    const loaded = await packagesLoaded({ REDIS_URL: 'redis://127.0.0.1:9/0' });
    expect(loaded).toEqual(expect.arrayContaining(['ioredis', 'bullmq']));
  });
});
