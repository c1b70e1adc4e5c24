import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMyMemory {
  /** Settings that point the server's translation at this fake (MyMemory, the default service). */
  env: Record<string, string>;
  /** 'down': HTTP 500 as MyMemory sends when it fails. */
  mode: 'ok' | 'down';
  /** Every `q` asked for, in order. */
  requests: string[];
  /** Holds answers until the returned function is called (to see the page while it waits). */
  hold(): () => void;
  close(): Promise<void>;
}

/** The fake's "Hindi": the text in Devanagari brackets, so a test sees which text became what. */
// Line by line, as the real services keep a text's line breaks (the server packs several lines in one request).
export const fakeHindi = (text: string) =>
  text
    .split('\n')
    .map((line) => `हिं〔${line}〕`)
    .join('\n');

/**
 * A local stand-in for MyMemory's API (`GET /get?q=…&langpair=en|hi`), answering in its JSON shape, so the
 * browser tests' server translates without reaching the internet.
 */
export async function startFakeMyMemory(): Promise<FakeMyMemory> {
  let gate: Promise<void> | undefined;
  const fake: Omit<FakeMyMemory, 'env' | 'close'> = {
    mode: 'ok',
    requests: [],
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/get') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    fake.requests.push(q);
    if (gate) await gate;
    const send = (status: number, body: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    if (fake.mode === 'down') return send(500, { responseStatus: 500, responseDetails: 'Internal error' });
    return send(200, {
      responseData: { translatedText: fakeHindi(q), match: 0.85 },
      quotaFinished: false,
      responseDetails: '',
      responseStatus: 200,
      matches: [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    env: { TRANSLATION_SERVICES: 'mymemory', MYMEMORY_URL: url, TRANSLATION_TIMEOUT_MS: '5000' },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
