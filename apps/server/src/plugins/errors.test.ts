import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

describe('errors the database raises for the text it is given', () => {
  it("answer PostgreSQL's refusal of a NUL (22021, 22P05) with 400, not 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    for (const code of ['22021', '22P05'])
      app.get(`/api/throws-${code}`, async () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
      });
    await app.ready();
    for (const code of ['22021', '22P05']) {
      const res = await app.inject({ url: `/api/throws-${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toEqual({
        error: 'Text must not contain NUL characters.',
        code: 'VALIDATION_ERROR',
      });
    }
    await app.close();
  });
});
