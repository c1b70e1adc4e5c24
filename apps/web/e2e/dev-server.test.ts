import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let child: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-dev-'));

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    // The dev server is a process group (npm → react-router → vite): stop all of it.
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves the pages and the API from one process on one port', async () => {
    const port = await freePort();
    let output = '';
    child = spawn('npm', ['run', 'dev'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        // Tests never reach the internet.
        FEEDS_REFRESH_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const base = `http://localhost:${port}`;
    let health: Response | undefined;
    for (let i = 0; i < 300 && !health?.ok; i += 1) {
      health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.ok, output).toBe(true);
    const page = await fetch(`${base}/aboutus`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>About Us | Hurry Up</title>');
    // React Router's hot-reload runtime is injected, and Vite serves the route modules from source.
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    const module = await fetch(`${base}/app/root.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toContain('javascript');
    const blogs = await fetch(`${base}/api/blogs`);
    expect(blogs.status).toBe(200);
  });
});
