import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, stopServer } from './global-setup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', () => {
    const result = spawnSync(process.execPath, ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port', LOG_LEVEL: 'chatty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('LOG_LEVEL:');
  });

  it('finishes the request in flight and exits 0 on SIGTERM', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    // React and the rest run their production builds unless told otherwise.
    expect(server.output()).toContain('"nodeEnv":"production"');
    // A page render is in flight when the signal arrives.
    const inFlight = fetch(`${server.url}/privacy-policy/full`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }));
    await expect.poll(() => server.output().includes('"url":"/privacy-policy/full"')).toBe(true);
    const exitCode = stopServer(server);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('</html>');
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('shutting down');
    // Once stopped, nothing answers.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
