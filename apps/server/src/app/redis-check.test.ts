import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRedisEviction, RedisEvictionError } from './redis-check.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function recordingLog() {
  const warnings: { fields: object; message: string }[] = [];
  return {
    warnings,
    log: {
      warn: (fields: object, message: string) => {
        warnings.push({ fields, message });
      },
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A private redis-server on its own port (never the machine's 6379, whose settings are shared). */
async function startRedis(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}/0`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return { url, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
  child.kill();
  throw new Error('redis-server did not start');
}

if (!redisUrl)
  console.warn('\n!!! redis-check.test.ts NOT RUN: it needs TEST_REDIS_URL (.ci/run sets it). !!!\n');

describe.runIf(redisUrl)("Redis's maxmemory-policy checked at start", () => {
  const servers: ChildProcess[] = [];
  let evicting: { url: string };
  let noConfig: { url: string };
  beforeAll(async () => {
    const started = await Promise.all([
      startRedis(['--maxmemory-policy', 'allkeys-lru']),
      startRedis(['--maxmemory-policy', 'allkeys-lru', '--rename-command', 'CONFIG', '""']),
    ]);
    servers.push(...started.map((server) => server.child));
    [evicting, noConfig] = started as [
      { url: string; child: ChildProcess },
      { url: string; child: ChildProcess },
    ];
  }, 60_000);
  afterAll(() => {
    for (const server of servers) server.kill();
  });

  it("reads the test Redis's policy and warns only when it may evict", async () => {
    const direct = new Redis(redisUrl!);
    const [, policy] = (await direct.config('GET', 'maxmemory-policy')) as [string, string];
    direct.disconnect();
    const { log, warnings } = recordingLog();
    expect(await checkRedisEviction({ url: redisUrl! }, log)).toBe(policy);
    expect(warnings.length).toBe(policy === 'noeviction' ? 0 : 1);
  });

  it('warns clearly when the policy may evict queued jobs', async () => {
    const { log, warnings } = recordingLog();
    expect(await checkRedisEviction({ url: evicting.url }, log)).toBe('allkeys-lru');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("Redis's maxmemory-policy is allkeys-lru, not noeviction");
  });

  it('refuses to start with REDIS_REQUIRE_NOEVICTION=true, and starts once the policy is noeviction', async () => {
    const { log } = recordingLog();
    await expect(checkRedisEviction({ url: evicting.url, requireNoeviction: true }, log)).rejects.toThrow(
      RedisEvictionError,
    );
    const client = new Redis(evicting.url);
    await client.config('SET', 'maxmemory-policy', 'noeviction');
    client.disconnect();
    const after = recordingLog();
    expect(await checkRedisEviction({ url: evicting.url, requireNoeviction: true }, after.log)).toBe(
      'noeviction',
    );
    expect(after.warnings).toHaveLength(0);
  });

  it('only warns when the server refuses CONFIG or cannot be reached', async () => {
    for (const url of [noConfig.url, `redis://127.0.0.1:${await freePort()}/0`]) {
      const { log, warnings } = recordingLog();
      expect(await checkRedisEviction({ url, requireNoeviction: true }, log)).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toContain("could not read Redis's maxmemory-policy");
    }
  });
});
