import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(() => t.close());

const blog = (over: Record<string, unknown> = {}) => ({
  title: 'Monsoon tips',
  content: 'Line one\nLine two',
  author: 'Asha',
  createdAt: '2025-07-01',
  ...over,
});

describe('blogs', () => {
  it('starts empty', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('are created, listed in order, updated and deleted by the operator', async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: adminHeaders,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    const old = await create(blog({ title: 'Old', createdAt: '2024-01-01' }));
    const pinned = await create(blog({ title: 'Pinned low', order: 1, createdAt: '2023-01-01' }));
    const newest = await create(blog({ title: 'Newest', createdAt: '2025-09-09' }));
    const top = await create(blog({ title: 'Pinned high', order: 9 }));
    expect(old).toEqual({
      id: expect.any(Number),
      title: 'Old',
      content: 'Line one\nLine two',
      author: 'Asha',
      createdAt: '2024-01-01T00:00:00.000Z',
      draft: false,
    });

    const list = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    expect(list.map((b: { title: string }) => b.title)).toEqual([
      'Pinned high',
      'Pinned low',
      'Newest',
      'Old',
    ]);
    expect(list[0].order).toBe(9);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${newest.id}`,
      headers: adminHeaders,
      payload: blog({ title: 'Newest, edited', order: 20 }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: newest.id, title: 'Newest, edited', order: 20 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blogs/${pinned.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    expect(after.map((b: { id: number }) => b.id)).toEqual([newest.id, top.id, old.id]);
  });

  it('refuse a second blog with the same title (whitespace-insensitive)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: adminHeaders,
      payload: blog({ title: '  Old  ' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { title: 'Another blog already has this title.' },
    });
  });

  it('validate bodies with per-field messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: adminHeaders,
      payload: { title: '', content: '', createdAt: '2025-13-01', order: 'first' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['author', 'content', 'createdAt', 'order', 'title']);
    expect(body.fields.title).toBe('Title is required.');
  });

  it('answer 404 for unknown ids and 400 for bad ids', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/blogs/99999',
      headers: adminHeaders,
      payload: blog({ title: 'X' }),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/admin/blogs/abc', headers: adminHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('the admin API', () => {
  it('answers 401 without the right token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${adminToken}`, `Bearer ${adminToken}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: authorization ? { authorization } : {},
        payload: blog({ title: 'Sneaky' }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('does not exist while ADMIN_TOKEN is unset', async () => {
    const noAdmin = await createTestApp();
    try {
      const res = await noAdmin.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: adminHeaders,
        payload: blog(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await noAdmin.close();
    }
  });
});
