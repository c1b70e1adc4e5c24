import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer, stopServer } from './global-setup.ts';

// The request path in front of the real page renderer and the built files: its own server, with a small
// rate limit and request logging on, so the log lines each request writes can be counted.
let server: RunningServer;
let port: number;
// Enough for the tests before the last one, which uses it up: every request counts, refused ones too.
const rateLimit = 100;
const builtAsset = fs
  .readdirSync(path.resolve(import.meta.dirname, '../build/client/assets'))
  .find((name) => name.endsWith('.js'))!;

beforeAll(async () => {
  // The shortest body deadline, so that a body nobody reads is given up on (and would once have stopped the
  // process) within the test.
  server = await startServer({
    RATE_LIMIT_MAX: String(rateLimit),
    LOG_LEVEL: 'info',
    BODY_TIMEOUT_MS: '100',
  });
  port = Number(new URL(server.url).port);
});
afterAll(() => stopServer(server));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the path exactly as given (fetch would resolve `..` before sending it). */
function request(method: string, rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: rawPath, headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The log lines written since `from` that are not the usual incoming/completed pair of a request. */
function extraLogLines(from: number): string[] {
  return server
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/"msg":"(incoming request|request completed)"/.test(line));
}

describe('every method on every path', () => {
  it('pages and built files answer GET and HEAD; other methods get 405 with Allow, and nothing is logged', async () => {
    const logFrom = server.output().length;
    for (const target of [
      '/blog',
      '/post/Some%20post',
      '/sitemap.xml',
      `/assets/${builtAsset}`,
      '/aboutus',
    ]) {
      for (const method of ['TRACE', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS']) {
        const res = await request(method, target);
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(JSON.parse(res.body)).toEqual({ error: expect.any(String), code: 'METHOD_NOT_ALLOWED' });
      }
      // HEAD reads like GET (the sample post does not exist, so 404 there).
      expect([200, 404], `HEAD ${target}`).toContain((await request('HEAD', target)).status);
    }
    const unknown = await request('FOO', '/blog');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toEqual({ error: expect.any(String), code: 'UNKNOWN_METHOD' });
    // Malformed escapes under /post/ lead to 'Invalid post ID' without a warning per render.
    const malformed = await request('GET', '/post/%E0%A4');
    expect([malformed.status, malformed.headers.location]).toEqual([308, '/post/']);
    const followed = await request('GET', '/post/');
    expect(followed.status).toBe(400);
    expect(followed.body).toContain('Invalid post ID');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(extraLogLines(logFrom)).toEqual([]);
  });
});

describe('paths and errors', () => {
  it('answers API-looking paths out of normal form in JSON, never with the HTML 404 page', async () => {
    for (const target of ['//api/posts', '/assets/../api/posts', '/assets/%2e%2e/api/posts']) {
      const res = await request('GET', target);
      expect(res.status, target).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body).code).toBe('NON_CANONICAL_PATH');
    }
  });

  it('answers static-file errors with their own code', async () => {
    const range = await request('GET', `/assets/${builtAsset}`, { range: 'bytes=99999999-' });
    expect(range.status).toBe(416);
    expect(JSON.parse(range.body)).toEqual({ error: expect.any(String), code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('sends the Permissions-Policy with pages, and keeps them embeddable by other origins', async () => {
    const page = await request('GET', '/aboutus');
    expect(page.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\)/);
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.status).toBe(200);
    const api = await request('GET', '/api/blogs');
    expect(api.status).toBe(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

/**
 * Sends `bytes` on a new connection; resolves with the answer's status line once it arrives and with whether
 * the server then closed the connection (it must: the rest of the body never comes).
 */
function sendUnfinished(target: number, bytes: string): Promise<{ status: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(target, '127.0.0.1');
    let received = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve({ status: received.split('\r\n')[0] ?? '', closedByServer: true }));
    socket.on('connect', () => socket.write(bytes));
  });
}

// Issue 26 §1: each of these stopped the process BODY_TIMEOUT_MS after its answer (an unhandled stream error).
describe('bodies nobody reads, against the production server', () => {
  it('answers each, closes the connection after a bounded drain, and keeps serving', async () => {
    const head = (method: string, target: string, headers: Record<string, string | number>) =>
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')}\r\n\r\n`;
    const json = (bytes: number) => JSON.stringify({ text: 'a'.repeat(bytes) });
    const stalled = { 'Content-Type': 'application/json', 'Content-Length': 100_000 };
    const cases: Array<[string, string, RegExp]> = [
      [
        'a whole 2 MB comment',
        head('POST', '/api/saveComment', {
          'Content-Type': 'application/json',
          'Content-Length': json(2 * 1024 ** 2).length,
        }) + json(2 * 1024 ** 2),
        / 413 /,
      ],
      [
        'a whole 300 KB translation',
        head('POST', '/api/translateText', {
          'Content-Type': 'application/json',
          'Content-Length': json(300 * 1024).length,
        }) + json(300 * 1024),
        / 413 /,
      ],
      ['the admin gate with no token', `${head('POST', '/api/admin/blogs', stalled)}{"title":`, / 401 /],
      ['an upload with JSON (415)', `${head('POST', '/api/generate-audio', stalled)}{"a":`, / 415 /],
      ...['/blog', '/aboutus', `/assets/${builtAsset}`, '/s/abc123', '/api/health'].flatMap((target) =>
        ['GET', 'HEAD'].map(
          (method) =>
            [
              `${method} ${target} with a stalled body`,
              `${head(method, target, stalled)}{"a":`,
              / [234]\d\d /,
            ] as [string, string, RegExp],
        ),
      ),
    ];
    for (const [what, bytes, status] of cases) {
      const result = await sendUnfinished(port, bytes);
      expect(result.status, what).toMatch(status);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode).toBe(null);
    expect(server.output()).not.toMatch(/uncaught exception|unhandled rejection|Unhandled 'error' event/i);
  });
});

// Last: it uses up the rate limit of this server.
describe('the rate limit', () => {
  it('cannot be sidestepped through /assets/..', async () => {
    let status = 0;
    for (let i = 0; i < rateLimit + 5 && status !== 429; i += 1)
      status = (await request('GET', '/aboutus')).status;
    expect(status).toBe(429);
    for (const target of [
      '/assets/../blog',
      '/assets/%2e%2e/blog',
      '/assets/../SearchPage?q=upi',
      '/assets/../post/Some%20post',
    ]) {
      // Counted like any request (redirects and refusals too), so refused before it is redirected.
      const res = await request('GET', target);
      expect(res.status, target).toBe(429);
      expect(JSON.parse(res.body).code).toBe('RATE_LIMITED');
    }
    // Built files are still served: they are the only exemption.
    expect((await request('GET', `/assets/${builtAsset}`)).status).toBe(200);
    expect((await request('GET', '/assets/not-built.js')).status).toBe(429);
  });
});
