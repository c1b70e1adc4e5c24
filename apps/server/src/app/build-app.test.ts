import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' }, { beforeReady: addTestRoutes });
});
afterAll(() => t.close());

// Routes used only by these tests, to exercise body and query handling shared by every real route.
function addTestRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ name: z.string().min(1, 'Name is required.') }),
        querystring: z.object({ n: z.coerce.number().int().optional() }),
      },
    },
    async (request) => ({ name: request.body.name }),
  );
  app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail');
  });
  // Stands for the pages' catch-all, which must never appear in the API document.
  app.get('/*', async () => 'a page');
}

const errorShape = { error: expect.any(String), code: expect.any(String) };

describe('the API foundation', () => {
  it('reports health with the database it uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite',
      uptimeSeconds: expect.any(Number),
    });
  });

  it('answers unknown API paths with the uniform 404 body, not a page', async () => {
    for (const url of ['/api/nope', '/api', '/api/deeply/nested/thing?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ ...errorShape, code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'DELETE', url: '/api/nope' });
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...errorShape, code: 'INVALID_JSON' });
  });

  it('rejects a content type it does not take with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ ...errorShape, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('rejects an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(4096) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ...errorShape, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reports validation failures per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorShape,
      code: 'VALIDATION_ERROR',
      fields: { name: 'Name is required.' },
    });

    const query = await t.app.inject({ method: 'POST', url: '/api/test/echo?n=abc', payload: { name: 'a' } });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('VALIDATION_ERROR');
    expect(Object.keys(query.json().fields)).toEqual(['n']);
  });

  it('hides internal errors behind a generic 500 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ...errorShape, code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src [^;]*'nonce-[0-9a-f]{32}'/);
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('publishes an OpenAPI document and its browsable docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/test/echo']).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('rate limiting', () => {
  it('answers 429 with the uniform body once the limit is reached', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      const codes: number[] = [];
      let last: { json(): unknown } | undefined;
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.app.inject({ method: 'GET', url: '/api/openapi.json' });
        codes.push(res.statusCode);
        last = res;
      }
      expect(codes).toEqual([200, 200, 429]);
      expect(last?.json()).toEqual({ ...errorShape, code: 'RATE_LIMITED' });
      // The health probe is never throttled.
      const health = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('malformed requests', () => {
  it('answers a Host header that cannot form a URL with 400', async () => {
    for (const host of ['a b', '[', 'evil.com:99999']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().code).toBe('BAD_HOST');
    }
  });

  it('keeps only id-like request ids from callers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'evil" injected' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('malformed URLs', () => {
  it('answer API calls with the uniform 400 body', async () => {
    const t2 = await createTestApp();
    try {
      const res = await t2.app.inject({ method: 'GET', url: '/api/posts/%E0%A4' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The request URL is not valid.', code: 'BAD_URL' });
    } finally {
      await t2.close();
    }
  });
});
