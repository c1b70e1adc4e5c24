// The operator's tools run for real: `npm run bundle` gives a folder that serves the site (and reads an image)
// from anywhere with nothing but its settings; `npm run backup` taken while visitors write, restored with
// `npm run restore` into a fresh DATA_DIR (and a fresh PostgreSQL database), gives back every comment
// acknowledged before the backup began.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  e2eAdminToken,
  freePort,
  isListening,
  type RunningServer,
  startServer,
  stopServer,
  waitForChild,
} from './global-setup.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const nodeScript = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });

async function firstImage(url: string): Promise<string> {
  const images = (await (await fetch(`${url}/api/images`)).json()) as { url: string }[];
  return images[0]!.url;
}

/** Posts comments one after another, each from its own address, until stopped; returns the acknowledged ones. */
function commentWriter(url: string, imageUrl: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  let n = 0;
  const done = (async () => {
    while (!stopped) {
      n += 1;
      const comment = `Backup drill comment ${n}`;
      const answer = await fetch(`${url}/api/saveComment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ imageUrl, comment }),
      });
      if (answer.status === 201 || answer.status === 200) acknowledged.push(comment);
      else throw new Error(`comment ${n} answered ${answer.status}: ${await answer.text()}`);
    }
  })();
  return {
    acknowledged,
    async whenAcknowledged(count: number) {
      while (acknowledged.length < count) await new Promise((resolve) => setImmediate(resolve));
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function storedComments(url: string, imageUrl: string): Promise<Set<string>> {
  const answer = await fetch(`${url}/api/admin/comments?limit=500&imageUrl=${encodeURIComponent(imageUrl)}`, {
    headers: { authorization: `Bearer ${e2eAdminToken}` },
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { comments?: { comment: string }[] } | { comment: string }[];
  const list = Array.isArray(body) ? body : (body.comments ?? []);
  return new Set(list.map((c) => c.comment));
}

describe('backup and restore while the site writes', () => {
  const servers: RunningServer[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
    folders.push(dir);
    return dir;
  };

  it('keeps every comment acknowledged before the backup began (SQLite and DATA_DIR files)', async () => {
    const site = await startServer({ TRUST_PROXY: '127.0.0.1' });
    servers.push(site);
    const imageUrl = await firstImage(site.url);
    const writer = commentWriter(site.url, imageUrl);
    await writer.whenAcknowledged(10);
    const before = [...writer.acknowledged];
    const backups = tempDir('hurryup-backups-');
    const backup = await nodeScript('apps/server/src/scripts/backup.ts', [backups], {
      DATA_DIR: site.dataDir,
    });
    await writer.stop();
    expect(backup.stdout).toMatch(/Wrote .*hurryup-\d{8}T\d{6}Z\.tar\.gz: .* database sqlite, \d+ files/);
    const [archive] = fs.readdirSync(backups);

    const fresh = tempDir('hurryup-restored-');
    // A DATA_DIR with something in it is not overwritten without --force.
    fs.writeFileSync(path.join(fresh, 'keep.txt'), 'precious');
    await expect(
      nodeScript('apps/server/src/scripts/restore.ts', [path.join(backups, archive!)], { DATA_DIR: fresh }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('is not empty') });
    expect(fs.readFileSync(path.join(fresh, 'keep.txt'), 'utf8')).toBe('precious');
    const restored = await nodeScript(
      'apps/server/src/scripts/restore.ts',
      [path.join(backups, archive!), '--force'],
      {
        DATA_DIR: fresh,
      },
    );
    expect(restored.stdout).toMatch(/Restored the backup of .* database sqlite/);
    // The image copies came back with the database.
    expect(fs.existsSync(path.join(fresh, 'images'))).toBe(true);

    const back = await startServer({ DATA_DIR: fresh });
    servers.push(back);
    const comments = await storedComments(back.url, imageUrl);
    for (const comment of before) expect(comments.has(comment), comment).toBe(true);
  }, 600_000);

  const databaseUrl = process.env.TEST_DATABASE_URL;
  it.runIf(databaseUrl)(
    'does the same drill with PostgreSQL through pg_dump and pg_restore',
    async () => {
      const names = [`hurryup_backup_a_${process.pid}`, `hurryup_backup_b_${process.pid}`];
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      for (const name of names) await admin.query(`create database ${name}`);
      const urlOf = (name: string) => {
        const url = new URL(databaseUrl!);
        url.pathname = `/${name}`;
        return url.toString();
      };
      try {
        const site = await startServer({ TRUST_PROXY: '127.0.0.1', DATABASE_URL: urlOf(names[0]!) });
        servers.push(site);
        const imageUrl = await firstImage(site.url);
        const writer = commentWriter(site.url, imageUrl);
        await writer.whenAcknowledged(10);
        const before = [...writer.acknowledged];
        const backups = tempDir('hurryup-pg-backups-');
        const backup = await nodeScript('apps/server/src/scripts/backup.ts', [backups], {
          DATA_DIR: site.dataDir,
          DATABASE_URL: urlOf(names[0]!),
        });
        await writer.stop();
        expect(backup.stdout).toMatch(/database postgres/);
        const [archive] = fs.readdirSync(backups);
        const fresh = tempDir('hurryup-pg-restored-');
        const restored = await nodeScript(
          'apps/server/src/scripts/restore.ts',
          [path.join(backups, archive!)],
          {
            DATA_DIR: fresh,
            DATABASE_URL: urlOf(names[1]!),
          },
        );
        expect(restored.stdout).toMatch(/database postgres/);
        const back = await startServer({ DATA_DIR: fresh, DATABASE_URL: urlOf(names[1]!) });
        servers.push(back);
        const comments = await storedComments(back.url, imageUrl);
        for (const comment of before) expect(comments.has(comment), comment).toBe(true);
      } finally {
        await Promise.all(servers.splice(0).map((server) => stopServer(server)));
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    600_000,
  );
});

describe('the bundle', () => {
  let child: ChildProcess | undefined;
  const folders: string[] = [];
  afterAll(() => {
    child?.kill('SIGTERM');
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('runs from another folder with nothing but its settings: the home page and an OCR answer', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bundle-'));
    folders.push(work);
    const built = path.join(work, 'built');
    const bundled = await nodeScript('scripts/bundle.ts', ['--no-build', '--out', built], {});
    const size = Number(/\((\d+) MB\)/.exec(bundled.stdout)?.[1]);
    expect(size).toBeGreaterThan(50);
    expect(size).toBeLessThanOrEqual(400);
    for (const devOnly of [
      'vite',
      'vitest',
      'lighthouse',
      'playwright-core',
      'typescript',
      '@biomejs/biome',
      'vnu-jar',
    ]) {
      expect(fs.existsSync(path.join(built, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    // Copied elsewhere, started from a third folder, with a PATH that has no node and no npm.
    const copy = path.join(work, 'elsewhere', 'hurryup');
    fs.mkdirSync(path.dirname(copy));
    await run('cp', ['-a', built, copy]);
    fs.rmSync(built, { recursive: true, force: true });
    // The launcher needs a shell, dirname and readlink; there is no node and no npm on this PATH.
    const tools = path.join(work, 'tools');
    fs.mkdirSync(tools);
    for (const tool of ['dirname', 'readlink']) fs.symlinkSync(`/usr/bin/${tool}`, path.join(tools, tool));
    const cwd = path.join(work, 'run');
    fs.mkdirSync(cwd);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    child = spawn(path.join(copy, 'hurryup'), ['serve'], {
      cwd,
      env: {
        PATH: tools,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(cwd, 'data'),
        LOG_LEVEL: 'warn',
        FEEDS_REFRESH_MINUTES: '0',
        MARKET_SYNC: 'off',
        TRANSLATION_SERVICES: 'none',
      },
      // The IPC channel passes through the launcher's exec: the server says when it listens.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const started = child;
    await waitForChild('bundle', started, () => output, { message: isListening });
    if (started.connected) started.disconnect();
    expect((await fetch(`${url}/api/health`)).ok, output).toBe(true);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<!DOCTYPE html>');

    const canvas = createCanvas(900, 200);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 900, 200);
    context.fillStyle = '#000';
    context.font = '48px sans-serif';
    context.fillText('Bundled reading works', 40, 110);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(canvas.toBuffer('image/png'))], { type: 'image/png' }),
      'text.png',
    );
    const ocr = await fetch(`${url}/api/extract-text`, { method: 'POST', body: form });
    expect(ocr.status, output).toBe(200);
    expect(((await ocr.json()) as { text: string }).text).toContain('Bundled reading works');
  }, 900_000);
});
