import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type ApiCall, errorStatuses } from '@hurryup/contracts/api-call';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../test/admin.ts';
import { contractCalls } from '../../test/contract-calls.ts';
import { encodeBody, filesFor, filesWithinRules, formFields } from '../../test/encoded-body.ts';
import { type FakeTranslation, startFakeTranslation } from '../../test/fake-translation.ts';
import { writeEventsFolder, writeMarketFolder } from '../../test/market-folders.ts';
import { connectRaw, sendRaw } from '../../test/raw-http.ts';
import { requestValue } from '../../test/schema-arbitrary.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerUploadTestCalls, uploadTestCalls } from '../../test/upload-calls.ts';
import { ManualClock } from '../shared/clock.ts';
import { uploadsFolder } from '../shared/uploads.ts';

/*
 * A property-based test of every API call: requests are generated from each call's request schemas in
 * packages/contracts (so a new feature's calls join by being defined there), and random bytes, methods and
 * paths go to the same server over a real socket. No answer may be 5xx, every error answer has the uniform
 * body, nothing the contract refuses is accepted, and every accepted write can be read back afterwards.
 */

const callRuns = 3000;
const rawRuns = 500;

type StoredItem = { id: number; entryId?: number };
/** What /api/admin/<plural>/:id addresses: `entryId` for news items, whose `id` may repeat; else `id`. */
const storedKeyOf = (item: StoredItem) => item.entryId ?? item.id;

let t: TestApp;
let port: number;
const answersByStatus = new Map<string, number>();
let generated = 0;
const count = (status: number | string) => {
  generated += 1;
  answersByStatus.set(String(status), (answersByStatus.get(String(status)) ?? 0) + 1);
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

let calls: ApiCall[] = [];

let translation: FakeTranslation;

beforeAll(async () => {
  // Translation answers through a local fake of MyMemory (without a service it says, rightly, 503).
  translation = await startFakeTranslation();
  t = await createTestApp(
    {
      ...translation.env('mymemory'),
      ADMIN_TOKEN: adminToken,
      // The limits would answer most of a few thousand requests with 429 and hide everything behind them.
      RATE_LIMIT_MAX: '1000000',
      ADMIN_FAILURE_LIMIT: '1000000',
      ADMIN_RATE_LIMIT: '1000000',
      TRANSLATION_REQUESTS_PER_MINUTE: '1000000',
      BODY_LIMIT_BYTES: '65536',
      // With market data loaded, the market calls compute real answers from whatever the fuzzer sends
      // (without it they would only say, rightly, 503 'market data not loaded').
      MARKET_DATA_DIR: writeMarketFolder(),
      EVENTS_DATA_DIR: writeEventsFolder(),
      MARKET_CLOCK: '2025-06-30T12:00:00Z',
      // Tests never reach the internet: the operator's "fetch the feeds now" call gets a refused connection.
      NEWS_FEED_URLS: 'http://127.0.0.1:9/news.xml',
      TRENDS_FEED_URL: 'http://127.0.0.1:9/trends.xml',
      YOUTUBE_FEED_URL: 'http://127.0.0.1:9/feeds/videos.xml',
    },
    // No served call takes files yet: calls that exist only in tests prove that path (test/upload-calls.ts).
    { beforeReady: registerUploadTestCalls },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  calls = [...(await contractCalls()), ...uploadTestCalls];
  // What the operator's lists hold before any fuzzed write: seeded rows (the NIFTY contract rules of
  // migration 0065) and the imported folders (waited for through the market read model).
  await t.app.site.readModel('marketData').current();
  for (const call of calls) {
    const resource = /^\/api\/admin\/([^/]+)$/.exec(call.path)?.[1];
    if (!resource || call.method !== 'GET' || !call.operationId.startsWith('listAdmin')) continue;
    // Only the content kinds' lists (defineAdminCrudCalls: a create call at the same path).
    if (!calls.some((c) => c.method === 'POST' && c.path === call.path && c.operationId.startsWith('create')))
      continue;
    const items = await adminListItems(call.path);
    before.set(resource, new Map(items.map((item) => [storedKeyOf(item), item])));
  }
});

/** Every item of an operator's list (defineAdminCrudCalls), a page at a time. */
async function adminListItems(listPath: string): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (
      await t.app.inject({
        url: `${listPath}?limit=100&offset=${offset}`,
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json();
    items.push(...(page.items as StoredItem[]));
    if (items.length >= page.total) return items;
  }
}

/** Each admin list's items before the fuzzing, by resource and key. */
const before = new Map<string, Map<number, StoredItem>>();

afterAll(async () => {
  const statuses = [...answersByStatus.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `fuzz: ${generated} requests generated (${callRuns} from the contracts of ${calls.length} calls, ${rawRuns} raw); answers by status: ${statuses
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
  );
  await t.close();
  await translation.close();
});

function expectUniformError(status: number, contentType: string | undefined, body: string, what: string) {
  expect(contentType, what).toContain('application/json');
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(
    Object.keys(parsed).every((key) => ['error', 'code', 'fields'].includes(key)),
    what,
  ).toBe(true);
  expect(typeof parsed.error, what).toBe('string');
  expect(typeof parsed.code, what).toBe('string');
  if (parsed.fields !== undefined) {
    expect(
      Object.values(parsed.fields as object).every((v) => typeof v === 'string'),
      what,
    ).toBe(true);
  }
  expect(status).toBeGreaterThanOrEqual(400);
}

/** The query string for generated values; arrays become repeated parameters. */
function queryString(query: unknown): string {
  if (!isPlainObject(query))
    return query === undefined ? '' : `?q=${encodeURIComponent(JSON.stringify(query))}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What the server's query parser makes of a query string: repeated keys become arrays. */
function parsedQuery(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = result[key];
    result[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return result;
}

const notJson = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x'];
const wrongAuth = [
  undefined,
  'Bearer wrong-token-0123456789',
  `Basic ${adminToken}`,
  `Bearer ${adminToken}x`,
];

/** Form and multipart calls get their body in their own encoding (test/encoded-body.ts), files included. */
const ownEncoding = 'the call’s own encoding';
const isEncoded = (call: ApiCall) => call.bodyEncoding === 'form' || call.bodyEncoding === 'multipart';

function callRequest(call: ApiCall) {
  return fc.record({
    params: call.params ? requestValue(call.params) : fc.constant(undefined),
    query: call.query ? requestValue(call.query) : fc.constant(undefined),
    body: call.body ? requestValue(call.body) : fc.constant(undefined),
    files: filesFor(call),
    authorization: fc.oneof(
      { weight: 9, arbitrary: fc.constant(`Bearer ${adminToken}`) },
      { weight: 1, arbitrary: fc.constantFrom(...wrongAuth) },
    ),
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant(isEncoded(call) ? ownEncoding : 'application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...notJson, ...(isEncoded(call) ? ['application/json'] : [])) },
    ),
    truncated: fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
}

/** Accepted writes by resource (`posts:12`): the last answer, or null once deleted. */
const written = new Map<string, unknown>();
const unanswered: string[] = [];

describe('a fuzz test of every API call', () => {
  it('fuzzes every call the server serves, each defined in the contracts', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const served = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)),
    );
    const defined = new Set(calls.map((call) => call.operationId));
    // Every API route comes from a definition in the contracts, so generating from them covers them all.
    expect([...served].filter((id) => id === undefined || !defined.has(id))).toEqual([]);
    const notYetServed = calls.filter((call) => !served.has(call.operationId));
    calls = calls.filter((call) => served.has(call.operationId));
    expect(calls.length).toBeGreaterThan(0);
    console.log(
      `fuzz: ${calls.length} calls served and fuzzed (${calls.map((c) => c.operationId).join(', ')})` +
        (notYetServed.length
          ? `; defined but not served yet: ${notYetServed.map((c) => c.operationId).join(', ')}`
          : ''),
    );
  });

  it('never answers 5xx, always answers errors uniformly and accepts only what the contract accepts', async () => {
    const request = fc.oneof(...calls.map((call) => callRequest(call).map((input) => ({ call, ...input }))));
    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ call, params, query, body, files, authorization, contentType, truncated }) => {
          const pathParams = isPlainObject(params) ? params : {};
          const sentParams: Record<string, string> = {};
          let paramsAsSent = true;
          const url =
            call.path.replace(/:(\w+)/g, (_, name: string) => {
              const value = String(pathParams[name] ?? (params === undefined ? '' : JSON.stringify(params)));
              sentParams[name] = value;
              try {
                return encodeURIComponent(value);
              } catch {
                // A lone surrogate has no UTF-8 form: send the bytes of one, which are not valid UTF-8.
                paramsAsSent = false;
                return `${encodeURIComponent(value.replace(/\p{Cs}/gu, ''))}%ED%A0%80`;
              }
            }) + queryString(query);
          const json = body === undefined ? undefined : JSON.stringify(body);
          const encoded = isEncoded(call) ? await encodeBody(call, body, files) : undefined;
          const whole = encoded ? encoded.payload : json;
          const payload =
            whole !== undefined && truncated ? whole.slice(0, Math.floor(whole.length / 2)) : whole;
          const sentType = encoded && contentType === ownEncoding ? encoded.contentType : contentType;
          const res = await t.app.inject({
            method: call.method,
            url,
            headers: {
              ...(authorization ? { authorization } : {}),
              ...(payload !== undefined ? { 'content-type': sentType } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          count(res.statusCode);
          const what = `${call.method} ${url} ${payload ?? ''}`.slice(0, 300);
          expect(res.statusCode, what).toBeLessThan(500);
          expect([call.status, ...errorStatuses(call)], what).toContain(res.statusCode);
          if (res.statusCode >= 400) {
            expectUniformError(res.statusCode, res.headers['content-type'], res.body, what);
            return;
          }

          // Accepted: so the request must have been valid by the contract, and the answer must match it.
          if (call.access === 'admin') expect(authorization, what).toBe(`Bearer ${adminToken}`);
          if (call.params) expect(paramsAsSent && call.params.safeParse(sentParams).success, what).toBe(true);
          if (call.query)
            expect(call.query.safeParse(parsedQuery(url.split('?')[1] ?? '')).success, what).toBe(true);
          if (encoded) {
            expect(contentType, what).toBe(ownEncoding);
            // A cut multipart body has no closing boundary; a cut form is a form of other values.
            if (call.bodyEncoding === 'multipart') expect(truncated, what).toBe(false);
            expect(filesWithinRules(call, files), what).toBe(true);
            const fields = call.bodyEncoding === 'form' ? formFields(payload as Buffer) : encoded.fields;
            if (call.body) expect(call.body.safeParse(fields).success, what).toBe(true);
          } else if (call.body) {
            expect(truncated || notJson.includes(contentType), what).toBe(false);
            expect(call.body.safeParse(JSON.parse(json!)).success, what).toBe(true);
          }
          // A file answer (audio) is bytes of its own type, not JSON.
          if (call.answer === 'file') {
            expect(res.headers['content-type'], what).not.toContain('application/json');
            expect(res.rawPayload.length, what).toBeGreaterThan(0);
            return;
          }
          const answer = call.status === 204 ? null : res.json();
          if (call.status !== 204) expect(call.response.safeParse(answer).success, what).toBe(true);

          // The operator's content writes (defineAdminCrudCalls): /api/admin/<plural> and /api/admin/<plural>/:id.
          const resource = /^\/api\/admin\/([^/]+)(?:\/:id)?$/.exec(call.path)?.[1];
          if (resource && /^(create|replace|delete)[A-Z]/.test(call.operationId)) {
            const id = call.method === 'DELETE' ? Number(sentParams.id) : storedKeyOf(answer as StoredItem);
            written.set(`${resource}:${id}`, call.method === 'DELETE' ? null : answer);
          }
        },
      ),
      { numRuns: callRuns },
    );
    // Every file received was removed, whatever the answer (after it: hence the wait).
    const uploads = uploadsFolder(t.app.config.dataDir);
    await vi.waitFor(() => expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]));
  }, 600_000); // A bound for a busy machine, not a duration: fast-check runs a fixed number of cases.

  it('keeps every accepted write: each can be read back as it was answered', async () => {
    const resources = new Set([...written.keys()].map((key) => key.split(':')[0]!));
    expect(resources.size).toBeGreaterThan(0);
    let checked = 0;
    for (const resource of resources) {
      // The operator's own list when there is one (the public list of news items hides expired ones).
      const list =
        calls.find((call) => call.method === 'GET' && call.path === `/api/admin/${resource}`) ??
        calls.find((call) => call.method === 'GET' && call.path === `/api/${resource}`);
      expect(list, `a GET /api/${resource} call reads back what the admin calls write`).toBeDefined();
      const items: StoredItem[] =
        list!.access === 'admin'
          ? await adminListItems(list!.path)
          : ((await t.app.inject({ url: list!.path })).json() as StoredItem[]);
      const byId = new Map(items.map((item) => [storedKeyOf(item), item]));
      let live = 0;
      for (const [key, answer] of written) {
        if (!key.startsWith(`${resource}:`)) continue;
        const id = Number(key.split(':')[1]);
        if (answer === null) expect(byId.has(id), key).toBe(false);
        else {
          live += 1;
          expect(byId.get(id), key).toEqual(answer);
        }
        checked += 1;
      }
      // What was there before and no accepted write touched is there still, as it was.
      let kept = 0;
      for (const [id, item] of before.get(resource) ?? []) {
        if (written.has(`${resource}:${id}`)) continue;
        kept += 1;
        expect(byId.get(id), `${resource}:${id} (there before)`).toEqual(item);
      }
      expect(items.length, `${resource}: nothing appears that was not accepted`).toBe(live + kept);
    }
    console.log(`fuzz: ${checked} accepted writes read back (${[...resources].join(', ')})`);
  });

  it('answers random bytes, methods and paths without 5xx, errors uniformly', async () => {
    const knownPaths = calls.map((call) => call.path.replace(/:\w+/g, '1'));
    const headerName = fc.constantFrom(
      'content-type',
      'content-length',
      'transfer-encoding',
      'authorization',
      'host',
      'x-request-id',
      'range',
      'accept-encoding',
      'expect',
      'x-forwarded-for',
    );
    const raw = fc.record({
      method: fc.constantFrom(
        'GET',
        'HEAD',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        'TRACE',
        'CONNECT',
        'FOO',
        'get',
      ),
      path: fc.oneof(
        fc.constantFrom(
          ...knownPaths,
          '//api/posts',
          '/assets/../api/posts',
          '/api/posts/%E0%A4',
          '/api/admin/posts/0x1f',
          '*',
          '/%',
          '/api/posts?limit=1&limit=2',
        ),
        fc.webPath(),
        fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${s}`),
        fc.tuple(fc.constantFrom(...knownPaths), fc.webQueryParameters()).map(([p, q]) => `${p}?${q}`),
      ),
      version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 extra'),
      headers: fc.array(fc.tuple(headerName, fc.string({ maxLength: 30 })), { maxLength: 4 }),
      authorized: fc.boolean(),
      body: fc.uint8Array({ maxLength: 300 }),
    });
    await fc.assert(
      fc.asyncProperty(raw, async ({ method, path: target, version, headers, authorized, body }) => {
        const head = [
          `${method} ${target} ${version}`,
          'Host: 127.0.0.1',
          ...(authorized ? [`Authorization: Bearer ${adminToken}`] : []),
          ...headers.map(([name, value]) => `${name}: ${value}`),
          ...(headers.some(([name]) => name === 'content-length') ? [] : [`Content-Length: ${body.length}`]),
          'Connection: close',
        ].join('\r\n');
        const bytes = Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.from(body)]);
        const { answer } = await sendRaw(port, [bytes], { end: true });
        count(answer ? answer.status : 'no answer');
        if (!answer) {
          unanswered.push(`${method} ${target} ${version}`.slice(0, 80));
          return;
        }
        const what = `${method} ${target} ${version}`.slice(0, 200);
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400 && method !== 'HEAD') {
          expectUniformError(answer.status, answer.headers['content-type'], answer.body, what);
        }
      }),
      { numRuns: rawRuns },
    );
    console.log(
      `fuzz: raw requests the server closed without an answer: ${unanswered.slice(0, 5).join(' | ') || 'none'}`,
    );
  }, 600_000);
});

/*
 * Bodies the server does not read to the end (issue 26 §1): for every call it serves, a body that stalls
 * after its head, one whose client hangs up mid-body, one over the limit by its Content-Length, a body on the
 * call's path with a method the path does not take (405), with a content type the call does not take (415),
 * without the admin token (401), and bodies on GET and HEAD. Each refusal the server gives before reading a
 * body is one of these. The body deadline is fired through the platform clock after every case; no answer
 * may be 5xx, nothing may go unhandled, and the server must still answer /api/health.
 */
describe('bodies that stall, break off, overflow or come where none is read', () => {
  const clock = new ManualClock();
  const bodyDeadlineMs = 100;
  let b: TestApp;
  let bodyPort: number;
  const unexpected: unknown[] = [];
  const record = (error: unknown) => unexpected.push(error);
  const bodyAnswers = new Map<string, number>();

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    b = await createTestApp(
      {
        ADMIN_TOKEN: adminToken,
        RATE_LIMIT_MAX: '1000000',
        ADMIN_FAILURE_LIMIT: '1000000',
        ADMIN_RATE_LIMIT: '1000000',
        MAX_CONNECTIONS_PER_CLIENT: '100000',
        // The shortest deadline: moving the clock past it hundreds of times then runs scheduled jobs rarely.
        BODY_TIMEOUT_MS: String(bodyDeadlineMs),
        // Market reads answer from data (without it they say, rightly, 503).
        MARKET_DATA_DIR: writeMarketFolder(),
        EVENTS_DATA_DIR: writeEventsFolder(),
        MARKET_CLOCK: '2025-06-30T12:00:00Z',
      },
      { platform: { clock }, beforeReady: registerUploadTestCalls },
    );
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    bodyPort = (b.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    console.log(
      `fuzz: unread bodies: answers by case and status: ${[...bodyAnswers.entries()]
        .sort(([a], [c]) => a.localeCompare(c))
        .map(([key, n]) => `${key}: ${n}`)
        .join(', ')}`,
    );
    await b.close();
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  const contentTypeOf = (call: ApiCall) =>
    call.bodyEncoding === 'form'
      ? 'application/x-www-form-urlencoded'
      : call.bodyEncoding === 'multipart'
        ? 'multipart/form-data; boundary=fuzzboundary'
        : 'application/json';
  const wrongTypeOf = (call: ApiCall) =>
    call.bodyEncoding === 'json' || call.bodyEncoding === undefined ? 'application/xml' : 'application/json';
  const otherMethod = (call: ApiCall) =>
    (['PUT', 'PATCH', 'DELETE', 'POST'] as const).find((m) => m !== call.method)!;

  interface BodyCase {
    name: string;
    method: string;
    headers: Record<string, string | number>;
    /** The bytes sent after the head (less than Content-Length says: the rest never comes). */
    sent: string;
    hangUp?: boolean;
  }

  function casesOf(call: ApiCall): BodyCase[] {
    const type = contentTypeOf(call);
    const auth: Record<string, string> =
      call.access === 'admin' ? { Authorization: `Bearer ${adminToken}` } : {};
    const readsBody = !['GET', 'HEAD', 'DELETE'].includes(call.method);
    const cases: BodyCase[] = [
      {
        name: 'stalled',
        method: call.method,
        headers: { ...auth, 'Content-Type': type, 'Content-Length': 4000 },
        sent: '{"a":',
      },
      {
        name: 'aborted',
        method: call.method,
        headers: { ...auth, 'Content-Type': type, 'Content-Length': 4000 },
        sent: '{"a":"b',
        hangUp: true,
      },
      {
        name: 'oversized',
        method: call.method,
        headers: { ...auth, 'Content-Type': type, 'Content-Length': 50 * 1024 ** 2 },
        sent: 'x'.repeat(2000),
      },
      {
        name: '405',
        method: otherMethod(call),
        headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': 4000 },
        sent: '{"a":',
      },
    ];
    if (readsBody)
      cases.push({
        name: '415',
        method: call.method,
        headers: { ...auth, 'Content-Type': wrongTypeOf(call), 'Content-Length': 4000 },
        sent: '<a>',
      });
    if (call.access === 'admin')
      cases.push({
        name: '401',
        method: call.method,
        headers: { 'Content-Type': type, 'Content-Length': 4000 },
        sent: '{"a":',
      });
    if (call.method === 'GET')
      cases.push(
        {
          name: 'GET with a body',
          method: 'GET',
          headers: { ...auth, 'Content-Length': 4000 },
          sent: '{"a":',
        },
        {
          name: 'HEAD with a body',
          method: 'HEAD',
          headers: { ...auth, 'Content-Length': 4000 },
          sent: '{"a":',
        },
      );
    return cases;
  }

  async function run(call: ApiCall, target: string, bodyCase: BodyCase) {
    const connection = await connectRaw(bodyPort);
    const before = clock.pendingTimers;
    const head = [`${bodyCase.method} ${target} HTTP/1.1`, 'Host: 127.0.0.1'];
    for (const [name, value] of Object.entries(bodyCase.headers)) head.push(`${name}: ${value}`);
    connection.write(`${head.join('\r\n')}\r\n\r\n${bodyCase.sent}`);
    const headOnly = bodyCase.method === 'HEAD';
    let answer: Awaited<ReturnType<typeof connection.answer>>;
    if (bodyCase.hangUp) {
      // Hung up mid-body: usually after the server has the head (its deadline armed, or an answer on its way).
      for (let i = 0; i < 20 && clock.pendingTimers <= before && connection.socket.bytesRead === 0; i++)
        await new Promise<void>((resolve) => setImmediate(resolve));
      connection.destroy();
      await connection.closed;
    } else if (call.bodyEncoding === 'multipart' && bodyCase.name === 'stalled') {
      // An upload waits for Node's request timeout (a real-time limit of minutes), not the body deadline.
      connection.destroy();
      await connection.closed;
    } else {
      let answered = false;
      const answering = connection.answer({ headOnly }).then((value) => {
        answered = true;
        return value;
      });
      await vi.waitFor(
        () =>
          expect(
            answered || clock.pendingTimers > before,
            `${bodyCase.name}: ${bodyCase.method} ${target}`,
          ).toBe(true),
        { interval: 2, timeout: 30_000 },
      );
      clock.advance(bodyDeadlineMs + 1);
      answer = await answering;
      const key = `${bodyCase.name} ${answer?.status ?? 'closed'}`;
      bodyAnswers.set(key, (bodyAnswers.get(key) ?? 0) + 1);
      expect(answer?.status ?? 0, `${bodyCase.name}: ${bodyCase.method} ${target}`).toBeLessThan(500);
      if (answer && answer.status >= 400 && !headOnly)
        expectUniformError(
          answer.status,
          answer.headers['content-type'],
          answer.body,
          `${bodyCase.name} ${target}`,
        );
    }
    // Whatever is left (a drain, a deadline) fires; the connection is then closed or free.
    clock.advance(bodyDeadlineMs + 1);
    connection.destroy();
  }

  it('fires every deadline harmlessly and keeps answering, for every call the server serves', async () => {
    const doc = (await b.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const served = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)),
    );
    const bodyCalls = [...(await contractCalls()), ...uploadTestCalls].filter((call) =>
      served.has(call.operationId),
    );
    expect(bodyCalls.length).toBeGreaterThan(20);
    let cases = 0;
    for (const call of bodyCalls) {
      const target = call.path.replace(/:(\w+)/g, '1');
      for (const bodyCase of casesOf(call)) {
        await run(call, target, bodyCase);
        cases += 1;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(unexpected, call.operationId).toEqual([]);
      const health = await fetch(`http://127.0.0.1:${bodyPort}/api/health`);
      expect(health.status, `after ${call.operationId}`).toBe(200);
    }
    console.log(`fuzz: unread bodies: ${cases} cases over ${bodyCalls.length} calls`);
  }, 600_000);
});
