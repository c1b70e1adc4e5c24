/**
 * The production server (`apps/server/src/main.ts` on the built web app) as a child process on a free
 * loopback port, for the measuring scripts (`npm run bench`, `npm run lighthouse`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverEnvironment, serverNodeFlags } from './server-node-flags.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** Stops the script with a clear message when there is no production build to measure. */
export function requireBuild() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    console.error('Run "npm run build" first: this measures the production build.');
    process.exit(1);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ProductionServer {
  url: string;
  child: ChildProcess;
  /** From spawn to the first healthy answer. */
  coldStartMs: number;
}

/**
 * Starts the production server on a free port without waiting for it. `root`: the checkout to run, this one
 * by default (the bench compares against another's build); `output`: where its log goes (`ignore` for runs
 * at the default log level, whose request lines would flood the terminal).
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  root = repoRoot,
  output: 'inherit' | 'ignore' = 'inherit',
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...serverEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Measurements make many requests from one address.
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', output, 'inherit'],
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Starts the production server (spawnServer) and waits until it answers its health probe. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  root = repoRoot,
  output: 'inherit' | 'ignore' = 'inherit',
): Promise<ProductionServer> {
  const started = performance.now();
  const { url, child } = await spawnServer(dataDir, env, root, output);
  for (let i = 0; i < 1500; i += 1) {
    if (child.exitCode !== null) throw new Error('the server exited before it was healthy');
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, child, coldStartMs: performance.now() - started };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Waits until the server's start-up work in the background has finished: the responsive copies of every
 * picture (DATA_DIR/images), about 15 s of one core after a first start. Measured before then, every
 * figure would include that encoding. Done when no copy has been added for two seconds (a server
 * without pictures, or a checkout without copies, after ten).
 */
export async function waitForBackgroundWork(dataDir: string, timeoutMs = 120_000) {
  const folder = path.join(dataDir, 'images');
  const count = () => (fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).length : 0);
  const started = Date.now();
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - started < timeoutMs) {
    const now = count();
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 2000 && (now > 0 || Date.now() - started >= 10_000)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
