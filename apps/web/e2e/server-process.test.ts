import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
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

describe('ads and analytics when configured', () => {
  it('adds the tags with the nonce the policy allows, and the hosts they need', async () => {
    const server = await startServer({
      ADS_CLIENT_ID: 'ca-pub-1234567890123456',
      ADS_SLOTS: 'banner=1111111111',
      ANALYTICS_ID: 'G-TEST12345',
    });
    try {
      const res = await fetch(`${server.url}/userforum`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.doubleclick\.net/);
      const html = await res.text();
      expect(html).toContain(
        `<script async="" nonce="${nonce}" src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345">`,
      );
      expect(html).toContain('data-ad-client="ca-pub-1234567890123456"');
      expect(html).toContain('data-ad-slot="1111111111"');
    } finally {
      await stopServer(server);
    }
  });

  it('loads neither without configuration', async () => {
    const html = await (await fetch(`${inject('baseUrl')}/userforum`)).text();
    expect(html).not.toContain('googletagmanager');
    expect(html).not.toContain('adsbygoogle');
    expect(html).toContain('data-ad-placement="banner"');
  });
});
