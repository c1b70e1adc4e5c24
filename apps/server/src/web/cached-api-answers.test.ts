import { defineCall } from '@hurryup/contracts/api-call';
import { listBlogs } from '@hurryup/contracts/blog';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../shared/clock.ts';
import { registerCall } from '../shared/register-call.ts';

const imageUrl = '/content/images/gallery/api-cache.png';
// A read whose answer changes with time: kept 80 ms.
const clockCall = defineCall({
  method: 'GET',
  path: '/api/test-clock',
  operationId: 'testClock',
  summary: 'A counter',
  tag: 'test',
  access: 'public',
  query: z.object({ b: z.string().optional(), a: z.string().optional() }),
  status: 200,
  response: z.object({ computed: z.number(), a: z.string().optional(), b: z.string().optional() }),
  errors: [],
});
let computed = 0;
let t: TestApp;
// The answer cache reads the site's clock: the max age passes when the test moves it.
const clock = new ManualClock();
let visitor = 0;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_TOKEN: adminToken },
    {
      platform: { clock },
      beforeReady(app) {
        registerCall(app, clockCall, ({ query }) => ({ computed: ++computed, ...query }), {
          cache: { shows: [], maxAgeSeconds: 0.08 },
        });
      },
    },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: adminHeaders,
    payload: { url: imageUrl, alt: 'A picture', width: 800, height: 600 },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
const outcome = async (url: string) => (await get(url)).headers['x-api-cache'];
const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: adminHeaders, payload });
const comments = `/api/comments?imageUrl=${encodeURIComponent(imageUrl)}`;

describe('cached public API reads', () => {
  it('answer a hit after a miss, with the same body, headers and validator', async () => {
    const miss = await get('/api/blogs');
    const hit = await get('/api/blogs');
    expect([miss.headers['x-api-cache'], hit.headers['x-api-cache']]).toEqual(['miss', 'hit']);
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.etag).toBe(miss.headers.etag);
    // Every header of the computed answer but the per-request ones, with the same value.
    const perRequest = new Set([
      'x-request-id',
      'date',
      'x-api-cache',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
    const lasting = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));
    const policy = (value: unknown) => String(value).replace(/ 'nonce-[^']+'/g, '');
    expect({
      ...lasting(hit.headers),
      'content-security-policy': policy(hit.headers['content-security-policy']),
    }).toEqual({
      ...lasting(miss.headers),
      'content-security-policy': policy(miss.headers['content-security-policy']),
    });
    expect(hit.headers['x-ratelimit-remaining']).toBeDefined();
  });

  it('answer 304 to a caller that holds the answer', async () => {
    const { etag } = (await get('/api/blogs')).headers;
    const again = await get('/api/blogs', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-api-cache']).toBe('hit');
    expect(again.rawPayload.length).toBe(0);
  });

  it('are computed anew after a write of what they show, not after another write', async () => {
    await get('/api/blogs');
    await get(comments);
    await get('/api/posts');
    expect(await outcome('/api/blogs')).toBe('hit');
    expect(await outcome(comments)).toBe('hit');

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saveComment',
      remoteAddress: `10.8.0.${++visitor}`,
      payload: { imageUrl, comment: 'A kind word about it', elapsedMs: 5000 },
    });
    expect(saved.statusCode).toBe(201);
    expect(await outcome('/api/blogs')).toBe('hit');
    expect(await outcome('/api/posts')).toBe('hit');
    const fresh = await get(comments, { 'accept-encoding': 'identity' });
    expect(fresh.headers['x-api-cache']).toBe('miss');
    expect(fresh.json().map((c: { comment: string }) => c.comment)).toContain('A kind word about it');

    const blog = { title: 'Cached blog', content: 'Text', author: 'Asha', createdAt: '2025-07-01' };
    expect((await admin('POST', '/api/admin/blogs', blog)).statusCode).toBe(201);
    const afterBlog = await get('/api/blogs', { 'accept-encoding': 'identity' });
    expect(afterBlog.headers['x-api-cache']).toBe('miss');
    expect(afterBlog.json().map((b: { title: string }) => b.title)).toContain('Cached blog');
    expect(await outcome('/api/posts')).toBe('hit');
    expect(await outcome(comments)).toBe('hit');
  });

  it('are kept no longer than their max age', async () => {
    const first = await get('/api/test-clock', { 'accept-encoding': 'identity' });
    const second = await get('/api/test-clock', { 'accept-encoding': 'identity' });
    expect(second.headers['x-api-cache']).toBe('hit');
    expect(second.json().computed).toBe(first.json().computed);
    clock.advance(79);
    expect(await outcome('/api/test-clock')).toBe('hit');
    clock.advance(1);
    const later = await get('/api/test-clock', { 'accept-encoding': 'identity' });
    expect(later.headers['x-api-cache']).toBe('miss');
    expect(later.json().computed).toBe(first.json().computed + 1);
  });

  it('are keyed by the query parameters the call reads, in its order, and nothing else', async () => {
    const first = await get('/api/test-clock?a=1&b=2', { 'accept-encoding': 'identity' });
    expect(first.headers['x-api-cache']).toBe('miss');
    for (const url of ['/api/test-clock?b=2&a=1', '/api/test-clock?utm_source=x&a=1&fbclid=y&b=2&gclid=z'])
      expect((await get(url)).headers['x-api-cache']).toBe('hit');
    expect(await outcome('/api/test-clock?a=1&b=3')).toBe('miss');
    // A call without a query: tracking tags change nothing.
    await get('/api/blogs');
    expect(await outcome('/api/blogs?utm_source=whatsapp&fbclid=abc')).toBe('hit');
    // A strict query schema still refuses what it does not know, cached or not.
    await get('/api/posts?limit=5&offset=0');
    expect(await outcome('/api/posts?offset=0&limit=5')).toBe('hit');
    const refused = await get('/api/posts?limit=5&offset=0&utm_source=x');
    expect(refused.statusCode).toBe(400);
    // A refused request is never kept.
    expect((await get('/api/posts?limit=abc')).statusCode).toBe(400);
    expect((await get('/api/posts?limit=abc')).headers['x-api-cache']).toBeUndefined();
  });

  it('keep the headers a call sets with its answer', async () => {
    const miss = await get('/api/posts?limit=1&offset=0');
    const hit = await get('/api/posts?offset=0&limit=1');
    expect(hit.headers['x-api-cache']).toBe('hit');
    expect(hit.headers['x-total-count']).toBe(miss.headers['x-total-count']);
  });

  it('keep that a thing is not there (a 404) apart, a minute at most, until a write of what it shows', async () => {
    const device = '6f1c2b9e-4d3a-4b8e-9c7d-2a1b3c4d5e6f';
    const saved = `/api/indicators/saved?device_id=${device}`;
    const miss = await get(saved);
    const hit = await get(saved);
    expect([miss.statusCode, hit.statusCode]).toEqual([404, 404]);
    expect([miss.headers['x-api-cache'], hit.headers['x-api-cache']]).toEqual(['miss', 'hit']);
    // The uniform error body, the same bytes; no validator on an error.
    const body = JSON.parse(
      t.app.answerCache.cache.get(saved, t.app.site.contentRevision)!.identity.toString(),
    );
    expect(body).toEqual({
      error: 'No indicator values were saved from this device yet.',
      code: 'NOT_FOUND',
    });
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.headers.etag).toBeUndefined();
    // A minute at most.
    clock.advance(60_000);
    expect(await outcome(saved)).toBe('miss');

    // The device saves: its next read is its values.
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/indicators/save',
      payload: { device_id: device, nifty: 24_000, rsi: 55, vix: 13 },
    });
    expect(save.statusCode).toBe(201);
    const after = await get(saved);
    expect([after.statusCode, after.headers['x-api-cache']]).toEqual([200, 'miss']);
    // A refused request (400) is never kept.
    await get('/api/indicators/saved?device_id=not-a-device');
    expect((await get('/api/indicators/saved?device_id=not-a-device')).headers['x-api-cache']).not.toBe(
      'hit',
    );
  });

  it('refuse to start when a public read does not say what it shows', () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    expect(() => registerCall(app, listBlogs, () => [])).toThrow(
      /listBlogs \(GET \/api\/blogs\) is a public read: give registerCall the kinds of content its answer shows/,
    );
  });
});
