import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';

/** An app whose extra route answers the address every limit counts by (request.ip). */
async function appTrusting(trustProxy: string | undefined): Promise<TestApp> {
  return createTestApp(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }, {
    beforeReady(app) {
      app.get('/test/ip', async (request) => ({ ip: request.ip }));
    },
  });
}

const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));

async function ipSeen(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  const res = await t.app.inject({
    url: '/test/ip',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (res.json() as { ip: string }).ip;
}

describe('the client address behind proxies', () => {
  it('with a hop count, takes the address the nearest proxy saw, never one the client wrote', async () => {
    const t = await appTrusting('1');
    opened.push(t);
    // nginx appends the address it saw; everything to its left is the client's own writing.
    expect(await ipSeen(t, '127.0.0.1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // The bypass: 8 requests, 8 invented leftmost entries, one client. All count as one address.
    const seen = new Set<string>();
    for (let i = 1; i <= 8; i += 1) seen.add(await ipSeen(t, '127.0.0.1', `10.9.9.${i}, 203.0.113.9`));
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('with a list, trusts only those proxies', async () => {
    const t = await appTrusting('127.0.0.1,10.0.0.0/8');
    opened.push(t);
    expect(await ipSeen(t, '10.1.2.3', '6.6.6.6, 198.51.100.4')).toBe('198.51.100.4');
    // Two trusted proxies in a row: the first address no trusted proxy vouches for.
    expect(await ipSeen(t, '127.0.0.1', '6.6.6.6, 198.51.100.4, 10.0.0.5')).toBe('198.51.100.4');
    // A peer that is not a listed proxy is the client itself, whatever it writes.
    expect(await ipSeen(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });

  it('by default, ignores X-Forwarded-For', async () => {
    const t = await appTrusting(undefined);
    opened.push(t);
    expect(await ipSeen(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });
});

describe('TRUST_PROXY', () => {
  const problemOf = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return undefined;
  };

  it('reads false, a hop count or a list of proxy addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses true, which would let every client choose its address, and says what to set instead', () => {
    expect(problemOf('true')).toMatch(
      /^TRUST_PROXY: true would let every client choose its own address.*1 for one nginx/,
    );
    expect(problemOf('10.0.0.0/33')).toMatch(/not valid: 10\.0\.0\.0\/33/);
    expect(problemOf('proxy.example')).toMatch(/not valid: proxy\.example/);
  });
});
