import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeedServer, rss, startFakeFeedServer } from '../../test/fake-feed-server.ts';
import { handTimers } from '../../test/hand-timers.ts';
import { FeedError, feedMaxBytes, fetchText, isPublicAddress } from './fetch-text.ts';

let fake: FakeFeedServer;
beforeAll(async () => {
  fake = await startFakeFeedServer();
});
afterAll(() => fake.close());
// The fake is on 127.0.0.1: the tests allow the configured address to be private, as the test setup does.
const options = { timeoutMs: 3000, allowPrivateAddresses: true };

describe('fetchText limits', () => {
  it('reads at most 1 MiB and stops reading there, even from a feed without end', async () => {
    expect(feedMaxBytes).toBe(1024 * 1024);
    fake.answers.set('/endless', { endless: `<item>${'x'.repeat(16_000)}</item>` });
    // The connection is closed at the cap (an event the test waits for): the fake wrote little past it.
    const closed = fake.endlessClosed();
    await expect(fetchText(`${fake.url}/endless`, options)).rejects.toThrow(
      /sent more than the 1048576 bytes allowed/,
    );
    expect(await closed).toBeLessThan(8 * feedMaxBytes);
  });

  it('answers a silent feed with a timeout once its time limit passes (on the timers it is given)', async () => {
    fake.answers.set('/silent', { hang: true });
    const timers = handTimers();
    const result = fetchText(`${fake.url}/silent`, { ...options, timeoutMs: 300, timers }).catch(
      (error: unknown) => error,
    );
    await fake.requested('/silent');
    expect(timers.pending).toEqual([300]);
    timers.fire();
    expect(await result).toMatchObject({ message: expect.stringMatching(/did not answer within 300 ms$/) });
  });

  it('refuses a configured loopback or private address unless the call allows it', async () => {
    fake.answers.set('/feed', rss('<rss/>'));
    const before = fake.requests.length;
    await expect(fetchText(`${fake.url}/feed`, { timeoutMs: 3000 })).rejects.toThrow(
      /\/feed is at 127\.0\.0\.1, which is not a public address: refused$/,
    );
    await expect(fetchText('http://localhost:9/feed', { timeoutMs: 3000 })).rejects.toThrow(
      /is at localhost \((127\.0\.0\.1|::1)\), which is not a public address: refused$/,
    );
    await expect(fetchText('http://[64:ff9b::7f00:1]:9/feed', { timeoutMs: 3000 })).rejects.toThrow(
      /which is not a public address: refused$/,
    );
    expect(fake.requests.length).toBe(before);
    expect(await fetchText(`${fake.url}/feed`, options)).toBe('<rss/>');
  });

  it('refuses a declared length over the cap without reading the body', async () => {
    fake.answers.set('/big', rss(' '.repeat(feedMaxBytes + 1)));
    await expect(fetchText(`${fake.url}/big`, options)).rejects.toThrow(
      `sent ${feedMaxBytes + 1} bytes, more than the ${feedMaxBytes} allowed`,
    );
  });

  it('reads a small feed under the cap and a caller may lower the cap', async () => {
    fake.answers.set('/small', rss('<rss version="2.0"><channel><title>ok</title></channel></rss>'));
    expect(await fetchText(`${fake.url}/small`, options)).toContain('<title>ok</title>');
    await expect(fetchText(`${fake.url}/small`, { ...options, maxBytes: 10 })).rejects.toThrow(FeedError);
  });
});

describe('fetchText redirects', () => {
  it('refuses a redirect to loopback, private, link-local or other non-public addresses', async () => {
    fake.answers.set('/feed', rss('<rss/>'));
    for (const [path, location] of [
      ['/to-self', `${fake.url}/feed`],
      ['/to-loopback-name', `http://localhost:${new URL(fake.url).port}/feed`],
      ['/to-metadata', 'http://169.254.169.254/latest/meta-data/'],
      ['/to-private', 'http://10.0.0.1/feed'],
      ['/to-private-172', 'http://172.16.5.4/feed'],
      ['/to-v6-loopback', `http://[::1]:${new URL(fake.url).port}/feed`],
      ['/to-mapped', 'http://[::ffff:127.0.0.1]/feed'],
      ['/to-zero', 'http://0.0.0.0/feed'],
      ['/to-decimal', 'http://2130706433/feed'],
    ] as const) {
      fake.answers.set(path, { redirect: location, status: 301 });
      const before = fake.requests.length;
      await expect(fetchText(`${fake.url}${path}`, options), location).rejects.toThrow(
        /which is not a public address: refused/,
      );
      // Nothing was fetched from the refused address.
      expect(fake.requests.length, location).toBe(before + 1);
    }
  });

  it('refuses a redirect to another scheme', async () => {
    fake.answers.set('/to-file', { redirect: 'file:///etc/passwd' });
    await expect(fetchText(`${fake.url}/to-file`, options)).rejects.toThrow(/redirected to a file: address/);
  });

  it('reads gzip and brotli bodies and counts the cap after decompression', async () => {
    const text = '<rss version="2.0"><channel><title>zipped</title></channel></rss>';
    // The fake sends text bodies; compressed answers need a server of their own.
    const bomb = zlib.gzipSync(Buffer.alloc(feedMaxBytes * 4, 32));
    const server = http.createServer((request, response) => {
      if (request.url === '/gzip') {
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(text));
      } else if (request.url === '/br') {
        response.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync(text));
      } else {
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(bomb.byteLength).toBeLessThan(feedMaxBytes);
      expect(await fetchText(`${base}/gzip`, options)).toBe(text);
      expect(await fetchText(`${base}/br`, options)).toBe(text);
      await expect(fetchText(`${base}/bomb`, options)).rejects.toThrow(/more than the 1048576 bytes/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, reserved and multicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::8.8.8.8',
      '2002:7f00:1::',
      '100.64.0.1',
      '[::1]',
      'fe80::1%eth0',
      'localhost',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public IPv4 and IPv6 addresses, NAT64 and IPv4-mapped ones by the IPv4 address they carry', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '172.15.255.255',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:82a::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '64:ff9b::1.1.1.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
