import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const operations = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../docs/operations.md'),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: 'platform-test-token-0123456789' });
});
afterAll(() => t.close());

describe('the platform', () => {
  it("lists every limit the site defines in docs/operations.md's table, and nothing else", () => {
    const defined = t.app.platform.limits.policies().map((policy) => policy.name);
    const section = operations.slice(operations.indexOf('## Limits'));
    const documented = [
      ...section.slice(0, section.indexOf('\n## ', 3)).matchAll(/^\| `([\w.-]+)` \|/gm),
    ].map((match) => match[1]);
    expect(documented.sort()).toEqual([...defined].sort());
    for (const policy of t.app.platform.limits.policies()) {
      expect(policy.max).toBeGreaterThan(0);
      expect(policy.message(7)).not.toBe('');
    }
  });

  it('defines the scheduled jobs that replaced the hand-written schedulers', () => {
    const scheduled = t.app.platform.jobs
      .definitions()
      .filter((job) => job.schedule)
      .map((job) => job.name);
    // Feeds and the market sync are off in tests; mail delivery and the upload sweep always run.
    expect(scheduled).toEqual(expect.arrayContaining(['mail.deliver', 'files.sweep']));
  });

  it('answers every limit with one 429 body and Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '1' });
    try {
      await limited.app.inject({ url: '/api/blogs' });
      const refused = await limited.app.inject({ url: '/api/blogs' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/),
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
