import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken, PUBLIC_BASE_URL: 'https://hurryup.example' });
});
afterAll(() => t.close());

const formBody = 'text=hello&language=en';
const multipartBody = [
  '--x',
  'Content-Disposition: form-data; name="file"; filename="a.txt"',
  'Content-Type: text/plain',
  '',
  'hello',
  '--x--',
  '',
].join('\r\n');

const calls = {
  extractText: {
    method: 'POST' as const,
    url: '/api/extract-text',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: multipartBody,
  },
  generateAudio: {
    method: 'POST' as const,
    url: '/api/generate-audio',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody,
  },
  saveComment: {
    method: 'POST' as const,
    url: '/api/saveComment',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  },
};

describe('cross-site requests (issue 26 §2)', () => {
  it.each([
    ['an engine call, multipart', calls.extractText],
    ['an engine call, form', calls.generateAudio],
    ['a JSON write', calls.saveComment],
  ])('refuses %s posted from another site with 403 and the uniform body', async (_what, call) => {
    const res = await t.app.inject({ ...call, headers: { ...call.headers, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.stringMatching(/other sites/), code: 'FORBIDDEN' });
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null (a sandboxed page)', { origin: 'null' }],
    ['a look-alike origin', { origin: 'https://hurryup.example.evil.example' }],
    ['another scheme of the site', { origin: 'http://hurryup.example' }],
    [
      'a foreign origin that says same-site',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' },
    ],
  ])('refuses %s', async (_what, headers) => {
    const res = await t.app.inject({
      ...calls.generateAudio,
      headers: { ...calls.generateAudio.headers, ...headers },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses %s from another site too', async (method) => {
    const res = await t.app.inject({
      method,
      url: '/api/admin/blogs/1',
      headers: { ...adminHeaders, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['no Origin and no Sec-Fetch-Site (curl, a server)', {}],
    ['the site’s public origin', { origin: 'https://hurryup.example', 'sec-fetch-site': 'same-origin' }],
    ['the origin the request was sent to', { origin: 'http://localhost' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
  ])('lets through %s', async (_what, headers) => {
    const res = await t.app.inject({
      ...calls.saveComment,
      headers: { ...calls.saveComment.headers, ...headers },
    });
    // Refused for its empty body, not for where it came from.
    expect(res.statusCode).toBe(400);
  });

  it('lets the operator’s scripts through with the admin token and no Origin', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/blogs/999999',
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(404);
  });

  it('leaves reads alone: a GET from another site is answered (CORS decides what that site may read)', async () => {
    const res = await t.app.inject({ url: '/api/blogs', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});
