import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/** Whether `redis-server` can be started here (the Redis fault tests need their own). */
export function redisServerInstalled(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 && /Redis server/.test(probe.stdout);
}

/** A port nobody listens on now (the kernel's pick, released at once). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  port: number;
  /** `redis://127.0.0.1:<port>/0` */
  url: string;
  /** Whether the server runs now. */
  readonly running: boolean;
  /** Starts it (again) on the same port, empty: it keeps nothing on disk. Resolves once it accepts clients. */
  start(): Promise<void>;
  /** Kills it outright (SIGKILL, as a crash or a lost host); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own, on a free port, with no persistence (`--save '' --appendonly no`), so a
 * test can stop and restart it without touching the machine's Redis. Waits on the server's own output
 * ("Ready to accept connections") and on its exit, never on a timer.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    get running() {
      return child !== undefined;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        if (child) return resolve();
        const started = spawn(
          'redis-server',
          ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('Ready to accept connections')) {
            started.stdout.off('data', onData);
            started.stdout.resume();
            resolve();
          }
        };
        started.stdout.on('data', onData);
        started.stderr.resume();
        started.on('error', reject);
        started.once('exit', (code) => {
          if (child === started) child = undefined;
          reject(new Error(`redis-server on port ${port} exited (${code}) before it was ready: ${output}`));
        });
        child = started;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        const running = child;
        if (!running) return resolve();
        running.once('exit', () => resolve());
        child = undefined;
        running.kill('SIGKILL');
      }),
  };
  await redis.start();
  return redis;
}
