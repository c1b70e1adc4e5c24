import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * How the fake answers one path: a body, a connection that never answers (a timeout), a redirect to
 * `location`, or `chunk` sent again and again until the client goes away (a feed without end).
 */
export type FakeAnswer =
  | { status?: number; type: string; body: string }
  | { hang: true }
  | { redirect: string; status?: number }
  | { endless: string };

export interface FakeFeedServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What each path answers; change it between tests. Unknown paths answer 404. */
  answers: Map<string, FakeAnswer>;
  /** Every request seen, as path and query. */
  requests: URL[];
  /** Bytes of `endless` answers written so far (the client stopped reading when this stops growing). */
  endlessBytes(): number;
  /** Resolves when a request for this path arrives (at once when one already did). Tests wait on it, never on time. */
  requested(pathname: string): Promise<void>;
  /** Resolves, with the bytes written so far, when the client closes the next `endless` answer's connection. */
  endlessClosed(): Promise<number>;
  close(): Promise<void>;
}

const fixturesDir = path.join(import.meta.dirname, 'fixtures/feeds');

/** A recorded-shape fixture from test/fixtures/feeds. */
export function feedFixture(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8');
}

export const rss = (body: string, status = 200): FakeAnswer => ({
  status,
  type: 'application/rss+xml; charset=utf-8',
  body,
});
export const atom = (body: string): FakeAnswer => ({ type: 'application/atom+xml; charset=utf-8', body });
export const json = (body: string, status = 200): FakeAnswer => ({
  status,
  type: 'application/json; charset=utf-8',
  body,
});

/**
 * A local stand-in for the outside feeds (news RSS, Google Trends, YouTube), on 127.0.0.1 and a free port,
 * answering in each source's real format from recorded-shape fixtures: tests never reach the internet.
 * Paths are matched with their query string first (YouTube channel feeds differ only by it), then alone.
 */
export async function startFakeFeedServer(): Promise<FakeFeedServer> {
  const answers = new Map<string, FakeAnswer>();
  const requests: URL[] = [];
  const hanging = new Set<http.ServerResponse>();
  let endlessBytes = 0;
  let waitingFor: { pathname: string; resolve(): void }[] = [];
  const onEndlessClosed: ((bytes: number) => void)[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    waitingFor = waitingFor.filter((waiter) => {
      if (waiter.pathname !== url.pathname) return true;
      waiter.resolve();
      return false;
    });
    const answer = answers.get(`${url.pathname}${url.search}`) ?? answers.get(url.pathname);
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if ('hang' in answer) {
      hanging.add(response);
      return;
    }
    if ('redirect' in answer) {
      response.writeHead(answer.status ?? 302, { location: answer.redirect }).end();
      return;
    }
    if ('endless' in answer) {
      hanging.add(response);
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.from(answer.endless);
      const write = () => {
        while (!response.destroyed) {
          endlessBytes += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
      };
      response.on('error', () => {});
      response.once('close', () => {
        for (const resolve of onEndlessClosed.splice(0)) resolve(endlessBytes);
      });
      write();
      return;
    }
    response
      .writeHead(answer.status ?? 200, {
        'content-type': answer.type,
        'content-length': Buffer.byteLength(answer.body),
      })
      .end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    requests,
    endlessBytes: () => endlessBytes,
    requested: (pathname) =>
      requests.some((url) => url.pathname === pathname)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waitingFor.push({ pathname, resolve })),
    endlessClosed: () => new Promise<number>((resolve) => onEndlessClosed.push(resolve)),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
