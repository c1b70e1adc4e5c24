import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hooksTheHitPathCovers, recordRequestHooks } from '../web/cached-page-answers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(() => t.close());

describe('the cache hit path', () => {
  it('covers every request hook the app adds (a hit skips them all)', () => {
    const uncovered = t.app.requestHooks.filter((hook) => !(hook in hooksTheHitPathCovers));
    expect(
      uncovered,
      'A hook a cache hit would skip: make the hit path (web/cached-page-answers.ts) do what it does, or add it to hooksTheHitPathCovers with the reason a hit may skip it',
    ).toEqual([]);
    // The hit path's hook comes before every other onRequest hook.
    const onRequest = t.app.requestHooks.filter((hook) => hook.startsWith('onRequest '));
    expect(onRequest[0]).toMatch(/^onRequest answerFromCache /);
    expect(onRequest.length).toBeGreaterThan(3);
  });

  it('sees a hook added later, in any plugin scope, which the list does not cover', async () => {
    const app = Fastify();
    const hooks = recordRequestHooks(app);
    await app.register(async (scope) => {
      scope.addHook('onRequest', async function countVisits() {});
      scope.addHook('preHandler', async function checkQuota() {});
    });
    await app.ready();
    expect(hooks).toEqual([
      'onRequest countVisits (app/request-hooks.test.ts)',
      'preHandler checkQuota (app/request-hooks.test.ts)',
    ]);
    expect(hooks.filter((hook) => !(hook in hooksTheHitPathCovers))).toHaveLength(2);
    await app.close();
  });
});
