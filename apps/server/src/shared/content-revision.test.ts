import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from './clock.ts';
import { ContentRevision } from './content-revision.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
  // The market's start-up import runs in the background and moves the revision when it ends: done first.
  await t.app.site.readModel('marketData').current();
});
afterAll(() => t.close());

const blog = { title: 'Revision blog', content: 'Text', author: 'Asha', createdAt: '2025-07-01' };
const post = {
  title: 'Revision post',
  createdAt: '2025-07-01',
  description: 'About revisions',
  content: 'Text',
};

describe('the site-wide content revision', () => {
  it('moves with every successful admin write of every kind, before the write is answered', async () => {
    const revision = t.app.site.contentRevision;
    const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

    let expected = await revision.current();
    const created = await admin('POST', '/api/admin/blogs', blog);
    expect(created.statusCode).toBe(201);
    expect(await revision.current()).toBe(++expected);
    expect((await admin('PUT', `/api/admin/blogs/${created.json().id}`, blog)).statusCode).toBe(200);
    expect(await revision.current()).toBe(++expected);
    const createdPost = await admin('POST', '/api/admin/posts', post);
    expect(createdPost.statusCode).toBe(201);
    expect(await revision.current()).toBe(++expected);
    expect((await admin('DELETE', `/api/admin/posts/${createdPost.json().id}`)).statusCode).toBe(204);
    expect(await revision.current()).toBe(++expected);

    // A refused write changes nothing, so nothing cached is dropped.
    expect((await admin('DELETE', '/api/admin/posts/999999')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/blogs', { title: '' })).statusCode).toBe(400);
    expect(await revision.current()).toBe(expected);
  });

  it("reaches another process's view within its check interval, and tells its listeners", async () => {
    const clock = new ManualClock();
    const here = new ContentRevision(t.database.db, { checkEveryMs: 50, clock });
    const elsewhere = new ContentRevision(t.database.db, { checkEveryMs: 60_000, clock });
    const seen: number[] = [];
    here.onChange((r) => seen.push(r));
    const start = await here.current();
    await elsewhere.changed(['blogs']);
    // Within the interval the last value stands (no database read per call)...
    expect(await here.current()).toBe(start);
    clock.advance(49);
    expect(await here.current()).toBe(start);
    clock.advance(1);
    // ...and after it the other process's write is seen.
    expect(await here.current()).toBe(start + 1);
    expect(seen).toEqual([start, start + 1]);
    // The writer itself sees its own write at once.
    await elsewhere.changed(['blogs']);
    expect(await elsewhere.current()).toBe(start + 2);
  });

  it('keeps per kind the global revision of its last write, and answers freshness from it', async () => {
    const here = new ContentRevision(t.database.db, { checkEveryMs: 60_000 });
    const elsewhere = new ContentRevision(t.database.db, { checkEveryMs: 60_000 });
    const since = await here.current();
    await here.changed(['comments:/content/images/a.png']);
    const afterComment = await here.current();
    expect(afterComment).toBe(since + 1);
    expect(here.isFresh(['blogs'], since)).toBe(true);
    expect(here.isFresh([], since)).toBe(true);
    expect(here.isFresh(['comments:/content/images/a.png'], since)).toBe(false);
    expect(here.isFresh(['comments:/content/images/b.png'], since)).toBe(true);
    // Anything that declares no kinds follows every write.
    expect(here.isFresh(undefined, since)).toBe(false);
    // A write to the family reaches every member; a long name is kept by its hash.
    const long = `comments:/content/images/${'x'.repeat(300)}.png`;
    await elsewhere.changed(['comments']);
    elsewhere.forget();
    await elsewhere.current();
    expect(elsewhere.isFresh([long], afterComment)).toBe(false);
    await elsewhere.changed([long]);
    await elsewhere.current();
    expect(elsewhere.latestOf([long])).toBe(afterComment + 2);
    expect(elsewhere.latestOf(['blogs'])).toBeLessThanOrEqual(since);
  });
});
