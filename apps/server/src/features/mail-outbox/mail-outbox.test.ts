import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createMailOutbox } from '../../shared/mail-outbox.ts';

let testApp: TestApp;
const clock = new ManualClock();
const ids: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_TOKEN: adminToken });
  // Written and delivered on the app's database as the platform's outbox would (the calls read the table).
  const mail = createMailOutbox(testApp.database.db, { clock, maxAttempts: 3 });
  for (const subject of ['First', 'Second', 'Third'])
    ids.push(
      (
        await mail.send({
          to: 'reader@example.in',
          replyTo: 'visitor@example.org',
          subject,
          text: `Text of ${subject}`,
        })
      ).id,
    );
  await mail.deliverDue({ transport: { send: async () => {} }, batch: 1 });
});
afterAll(async () => {
  await testApp?.close();
});

describe('the mail outbox for the operator', () => {
  it('lists messages newest first, by status and in pages', async () => {
    const all = await testApp.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual(['Third', 'Second', 'First']);
    expect(all.json()[0]).not.toHaveProperty('text');

    const pending = await testApp.app.inject({
      url: '/api/admin/mail-outbox?status=pending&limit=1&offset=1',
      headers: adminHeaders,
    });
    expect(pending.json()).toEqual([
      expect.objectContaining({
        subject: 'Second',
        status: 'pending',
        attempts: 0,
        sentAt: null,
        lastError: null,
      }),
    ]);
    const sent = await testApp.app.inject({
      url: '/api/admin/mail-outbox?status=sent',
      headers: adminHeaders,
    });
    expect(sent.json()).toEqual([expect.objectContaining({ subject: 'First', status: 'sent', attempts: 1 })]);
  });

  it('reads one message with its text', async () => {
    const answer = await testApp.app.inject({
      url: `/api/admin/mail-outbox/${ids[0]}`,
      headers: adminHeaders,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: ids[0],
      to: 'reader@example.in',
      replyTo: 'visitor@example.org',
      subject: 'First',
      text: 'Text of First',
      status: 'sent',
      sentAt: clock.date().toISOString(),
    });
  });

  it('answers 404 for an unknown message and 400 for bad input, with the uniform body', async () => {
    const missing = await testApp.app.inject({ url: '/api/admin/mail-outbox/999999', headers: adminHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('999999') });
    for (const url of [
      '/api/admin/mail-outbox?status=lost',
      '/api/admin/mail-outbox?limit=0',
      '/api/admin/mail-outbox?limit=1e3',
      '/api/admin/mail-outbox?page=2',
      '/api/admin/mail-outbox/abc',
    ]) {
      const bad = await testApp.app.inject({ url, headers: adminHeaders });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json(), url).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
  });

  it('is closed without the admin token', async () => {
    const answer = await testApp.app.inject({ url: '/api/admin/mail-outbox' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: expect.any(String) });
  });
});
