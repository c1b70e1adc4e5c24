import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How one fake service behaves: answers, fails as the real service does (`down`: HTTP 500 with its error
 * body; `quota`: the service's quota answer), never answers (`hang`), sends an answer past any cap (`huge`),
 * sends something that is not its JSON (`garbage`), or answers with the line breaks of `q` lost (`flatten`,
 * MyMemory only).
 */
export type FakeMode = 'ok' | 'down' | 'quota' | 'hang' | 'huge' | 'garbage' | 'flatten';

export type FakeServiceName = 'mymemory' | 'libretranslate' | 'google';

export interface FakeTranslation {
  /** http://127.0.0.1:<port>: the base URL of all three services. */
  url: string;
  mode: Record<FakeServiceName, FakeMode>;
  /** The text of every translation request, per service, in arrival order. */
  requests: Record<FakeServiceName, { q: string; email?: string; apiKey?: string }[]>;
  /** Settings that point the server at this fake, with the services in this order. */
  env(...services: FakeServiceName[]): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The fake's "Hindi": each line in Devanagari brackets, so a test sees which piece became what, in order.
 * Line by line, as the real services keep a text's line breaks.
 */
export const fakeHindi = (text: string) =>
  text
    .split('\n')
    .map((line) => `हिं〔${line}〕`)
    .join('\n');

export const fakeGoogleKey = 'fake-google-key';
export const fakeLibreKey = 'fake-libre-key';
/** LibreTranslate's `--char-limit` in the fake (the server's setting must match it). */
export const fakeLibreCharLimit = 120;

/**
 * One local server speaking three translation services' real protocols: MyMemory (`GET /get?q&langpair&de`,
 * HTTP 200 with `responseStatus`, its 500-byte limit on q answered as status 403 the way MyMemory does),
 * LibreTranslate (`POST /translate` JSON `{q, source, target, format, api_key}` → `{translatedText}` or
 * `{error}`, with a character limit and a key) and Google Cloud Translation v2 (`POST
 * /language/translate/v2?key=` JSON → `{data: {translations: [{translatedText}]}}` or `{error: {code,
 * message}}`).
 */
export async function startFakeTranslation(): Promise<FakeTranslation> {
  const mode: FakeTranslation['mode'] = { mymemory: 'ok', libretranslate: 'ok', google: 'ok' };
  const requests: FakeTranslation['requests'] = { mymemory: [], libretranslate: [], google: [] };
  const hanging = new Set<http.ServerResponse>();

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  /** What every service does in the failing modes; undefined when the service should answer. */
  const misbehave = (service: FakeServiceName, response: http.ServerResponse): boolean => {
    const current = mode[service];
    if (current === 'hang') {
      hanging.add(response);
      return true;
    }
    if (current === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Service temporarily unavailable</body></html>');
      return true;
    }
    if (current === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"translatedText":"${'अ'.repeat(400_000)}"}`);
      return true;
    }
    return false;
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');

    if (request.method === 'GET' && url.pathname === '/get') {
      const q = url.searchParams.get('q') ?? '';
      const email = url.searchParams.get('de') ?? undefined;
      requests.mymemory.push({ q, ...(email ? { email } : {}) });
      if (misbehave('mymemory', response)) return;
      if (mode.mymemory === 'down')
        return send(response, 500, { responseStatus: 500, responseDetails: 'Internal error' });
      if (mode.mymemory === 'quota') {
        const warning =
          'MYMEMORY WARNING: YOU USED ALL AVAILABLE FREE TRANSLATIONS FOR TODAY. NEXT AVAILABLE IN  10 HOURS 20 MINUTES 05 SECONDS';
        return send(response, 200, {
          responseData: { translatedText: warning, match: 0 },
          quotaFinished: true,
          responseDetails: warning,
          responseStatus: 429,
        });
      }
      if (url.searchParams.get('langpair') !== 'en|hi') {
        return send(response, 200, {
          responseData: { translatedText: null },
          responseDetails:
            "'AA' IS AN INVALID TARGET LANGUAGE . EXAMPLE: LANGPAIR=EN|IT USING 2 LETTER ISO OR RFC3066",
          responseStatus: '403',
        });
      }
      if (Buffer.byteLength(q, 'utf8') > 500) {
        return send(response, 200, {
          responseData: { translatedText: 'QUERY LENGTH LIMIT EXCEEDED. MAX ALLOWED QUERY : 500 CHARS' },
          responseDetails: 'QUERY LENGTH LIMIT EXCEEDED. MAX ALLOWED QUERY : 500 CHARS',
          responseStatus: 403,
          quotaFinished: false,
        });
      }
      return send(response, 200, {
        responseData: {
          translatedText: mode.mymemory === 'flatten' ? fakeHindi(q).replace(/\n/g, ' ') : fakeHindi(q),
          match: 0.85,
        },
        quotaFinished: false,
        mtLangSupported: null,
        responseDetails: '',
        responseStatus: 200,
        responderId: null,
        exception_code: null,
        matches: [],
      });
    }

    if (request.method === 'POST' && url.pathname === '/translate') {
      let body: { q?: unknown; source?: unknown; target?: unknown; format?: unknown; api_key?: unknown };
      try {
        body = JSON.parse(raw);
      } catch {
        return send(response, 400, { error: 'Invalid request: missing q parameter' });
      }
      const q = typeof body.q === 'string' ? body.q : '';
      requests.libretranslate.push({
        q,
        ...(typeof body.api_key === 'string' ? { apiKey: body.api_key } : {}),
      });
      if (misbehave('libretranslate', response)) return;
      if (mode.libretranslate === 'down')
        return send(response, 500, { error: 'Cannot translate text: model not loaded' });
      if (mode.libretranslate === 'quota')
        return send(response, 429, { error: 'Too many request limits violations' });
      if (body.api_key !== fakeLibreKey) return send(response, 403, { error: 'Invalid API key' });
      if (body.source !== 'en' || body.target !== 'hi' || body.format !== 'text') {
        return send(response, 400, { error: 'hi is not supported' });
      }
      if (q.length > fakeLibreCharLimit) {
        return send(response, 400, {
          error: `Invalid request: request (${q.length}) exceeds text limit (${fakeLibreCharLimit})`,
        });
      }
      return send(response, 200, { translatedText: fakeHindi(q) });
    }

    if (request.method === 'POST' && url.pathname === '/language/translate/v2') {
      let body: { q?: unknown; source?: unknown; target?: unknown; format?: unknown };
      try {
        body = JSON.parse(raw);
      } catch {
        return send(response, 400, { error: { code: 400, message: 'Invalid JSON payload received.' } });
      }
      const q = typeof body.q === 'string' ? body.q : '';
      const apiKey = url.searchParams.get('key') ?? undefined;
      requests.google.push({ q, ...(apiKey ? { apiKey } : {}) });
      if (misbehave('google', response)) return;
      if (mode.google === 'down')
        return send(response, 503, {
          error: { code: 503, message: 'The service is currently unavailable.' },
        });
      if (mode.google === 'quota') {
        return send(response, 403, {
          error: {
            code: 403,
            message: 'User Rate Limit Exceeded',
            errors: [{ reason: 'userRateLimitExceeded' }],
          },
        });
      }
      if (apiKey !== fakeGoogleKey) {
        return send(response, 400, {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            errors: [
              {
                message: 'API key not valid. Please pass a valid API key.',
                domain: 'global',
                reason: 'badRequest',
              },
            ],
            status: 'INVALID_ARGUMENT',
          },
        });
      }
      if (body.target !== 'hi' || body.format !== 'text') {
        return send(response, 400, { error: { code: 400, message: 'Invalid Value' } });
      }
      return send(response, 200, {
        data: { translations: [{ translatedText: fakeHindi(q) }] },
      });
    }
    send(response, 404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    mode,
    requests,
    env: (...services) => ({
      TRANSLATION_SERVICES: services.join(',') || 'none',
      MYMEMORY_URL: url,
      LIBRETRANSLATE_URL: url,
      LIBRETRANSLATE_API_KEY: fakeLibreKey,
      LIBRETRANSLATE_MAX_CHARS: String(fakeLibreCharLimit),
      GOOGLE_TRANSLATE_URL: url,
      GOOGLE_TRANSLATE_API_KEY: fakeGoogleKey,
    }),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
