import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { addOperator } from './admin-session.ts';
import { startFakeFeeds } from './fake-feeds.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const e2eAdminToken = 'e2e-admin-token-0123456789';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

/** How long a child may take to start before a hung start is stopped (a bound, never a measure). */
const safetyBoundMs = 180_000;

/**
 * Resolves on the first of the child's events that makes `ready` true (a line it prints, an IPC message it
 * sends), and fails when it exits first. A timer only stops a hung start: nothing waits on time.
 */
export function waitForChild(
  what: string,
  child: ChildProcess,
  output: () => string,
  ready: { printed?: (output: string) => boolean; message?: (message: unknown) => boolean },
  boundMs = safetyBoundMs,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(bound);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    // Listeners added after the collectors: by then `output()` holds the chunk.
    const onData = () => {
      if (ready.printed?.(output())) finish();
    };
    const onMessage = (message: unknown) => {
      if (ready.message?.(message)) finish();
    };
    const onExit = () => finish(new Error(`The ${what} exited early:\n${output()}`));
    const bound = setTimeout(() => {
      child.kill('SIGKILL');
      finish(
        new Error(`The ${what} was not ready within the safety bound of ${boundMs / 1000} s:\n${output()}`),
      );
    }, boundMs);
    if (child.exitCode !== null) return onExit();
    if (ready.printed?.(output())) return finish();
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The message the site's processes send their parent once they listen (app/process-supervision.ts). */
export const isListening = (message: unknown) =>
  typeof message === 'object' && message !== null && (message as { event?: unknown }).event === 'listening';

/**
 * Starts `script` (a server entry point) as a child process with these settings, with an IPC channel, and
 * waits for the event that says it is ready (a message, or a line it prints), collecting what it prints.
 */
async function startProcess(
  what: string,
  script: string,
  env: Record<string, string>,
  ready: { printed?: (output: string) => boolean; message?: (message: unknown) => boolean },
): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Tests never reach the internet: the outside feeds are fetched only when a test points them at a fake.
      FEEDS_REFRESH_MINUTES: '0',
      // Browser tests never reach the internet: no market data sync unless a test points it at a fake.
      MARKET_SYNC: 'off',
      // Browser tests never reach the internet: no translation service unless a test points one at a fake.
      TRANSLATION_SERVICES: 'none',
      // The fakes tests point the feeds at are on 127.0.0.1: an explicit setting, never a NODE_ENV branch.
      OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForChild(what, child, () => output, ready);
  // The channel has said what it had to; closed, so neither process is held by it.
  if (child.connected) child.disconnect();
  return { child, output: () => output };
}

/** Starts the production server (`apps/server/src/main.ts`) as a child process and waits until it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const started = await startProcess(
    'server',
    'apps/server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Browser tests make many requests from one address.
      RATE_LIMIT_MAX: '100000',
      ADMIN_TOKEN: e2eAdminToken,
      ...env,
    },
    { message: isListening },
  );
  // It says it listens before it logs that it is ready (and the start-up lines before that): a test that
  // reads the log from here on waits for that line too, so nothing of the start is taken for its own.
  if (['info', 'debug', 'trace'].includes(env.LOG_LEVEL ?? 'warn'))
    await waitForChild('server', started.child, started.output, {
      printed: (output) => output.includes('"startupMs"'),
    });
  return { url, ...started, dataDir };
}

/**
 * Starts a job worker (`apps/server/src/worker.ts`, what `npm run worker` runs) as a child process with the
 * same settings as a server, and waits until it says it is ready.
 */
export async function startWorker(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-e2e-worker-'));
  const started = await startProcess(
    'worker',
    'apps/server/src/worker.ts',
    { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    { printed: (output) => output.includes('worker is ready') },
  );
  return { url: '', ...started, dataDir };
}

export async function stopServer(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode === null) {
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    const code = await exited;
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    return code;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  return server.child.exitCode;
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    throw new Error('Browser tests need the production build: run "npm run test:browser" (it builds first).');
  }
  // CI names the real market and event data (../shared/data); the trading pages then show it.
  const marketData = Object.fromEntries(
    (['MARKET_DATA_DIR', 'EVENTS_DATA_DIR'] as const)
      .filter((name) => process.env[name])
      .map((name) => [name, path.resolve(repoRoot, process.env[name]!)]),
  );
  const feeds = await startFakeFeeds();
  const server = await startServer({ ...marketData, ...feeds.env });
  // An operator for the console's tests (admin-session.ts: signIn(page, baseUrl)).
  await addOperator(server.dataDir);
  project.provide('baseUrl', server.url);
  project.provide('adminToken', e2eAdminToken);
  return async () => {
    await stopServer(server);
    await feeds.close();
  };
}
