import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';

/** A local SMTP server that keeps the raw messages it accepts. */
async function startSmtpServer(port = 0) {
  const received: { rcptTo: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const body = (over: Record<string, unknown> = {}) => ({
  email: 'asha@example.in',
  message: 'Is the rice offer valid in Pune?',
  ...over,
});

let t: TestApp;
let visitor = 0;
/** Each call from its own address unless told, so the limit does not mix into unrelated checks. */
const send = (payload: unknown, ip = `10.0.${Math.floor(++visitor / 250)}.${visitor % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken, CONTACT_TO: 'desk@hurryup.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/contact', () => {
  it('stores the message in the outbox for CONTACT_TO, Reply-To the visitor, and answers', async () => {
    const res = await send(body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email sent successfully!' });
    const list = await t.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders });
    const [stored] = list.json();
    expect(stored).toMatchObject({
      to: 'desk@hurryup.example',
      replyTo: 'asha@example.in',
      status: 'pending',
    });
    const full = await t.app.inject({ url: `/api/admin/mail-outbox/${stored.id}`, headers: adminHeaders });
    expect(full.json().text).toContain('Is the rice offer valid in Pune?');
    expect(full.json().subject).toContain('asha@example.in');
  });

  it('refuses bad input with the specification’s messages in fields, and stores nothing', async () => {
    const before = (await t.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders })).json()
      .length;
    const cases: [unknown, Record<string, string>][] = [
      [body({ email: '' }), { email: 'Email is required.' }],
      [body({ email: '   ' }), { email: 'Email is required.' }],
      [body({ email: 'asha@example' }), { email: 'Invalid email format.' }],
      [body({ email: 'asha@example.comma' }), { email: 'Invalid email format.' }],
      [body({ message: '' }), { message: 'Notes cannot be empty.' }],
      [body({ message: ' \n\t ' }), { message: 'Notes cannot be empty.' }],
      [body({ message: 'x'.repeat(501) }), { message: 'Notes cannot exceed 500 characters.' }],
      [body({ message: 'x'.repeat(5000) }), { message: 'Notes cannot exceed 500 characters.' }],
      [
        { email: '', message: '' },
        { email: 'Email is required.', message: 'Notes cannot be empty.' },
      ],
      [body({ website: 'https://spam.example' }), { website: 'Your message could not be accepted.' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    }
    for (const payload of [body({ extra: 1 }), { email: 'asha@example.in' }, body({ email: 7 })]) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await send(body({ message: 'x'.repeat(500) }))).statusCode).toBe(200);
    expect((await send(body({ website: '' }))).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders })).json()
      .length;
    expect(after).toBe(before + 2);
  });

  it('accepts an address with an internationalised domain name, and stores it as sent', async () => {
    const res = await send(body({ email: 'a@exämple.com', message: 'IDN check' }));
    expect(res.statusCode).toBe(200);
    const list = (
      await t.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders })
    ).json() as Array<{
      replyTo: string | null;
    }>;
    expect(list.some((message) => message.replyTo === 'a@exämple.com')).toBe(true);
  });

  it('refuses an address that would add a header or a second recipient', async () => {
    for (const email of [
      'a@example.in\r\nBcc: b@example.in',
      'a@example.in,b@example.in',
      'A <a@example.in>',
    ]) {
      const res = await send(body({ email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields).toEqual({ email: 'Invalid email format.' });
    }
  });

  it('answers a flood from one visitor with 429 and Retry-After', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await send(body({ message: `Message ${i}` }), ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await send(body(), ip);
    expect(refused.json()).toEqual({
      error: 'You have sent several messages in a short time. Please wait a while and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await send(body(), '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('the site-wide contact limit', () => {
  it('refuses messages from rotating addresses past CONTACT_MESSAGES_PER_HOUR, then takes them again an hour later', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 10, 0));
    const own = await createTestApp({ CONTACT_MESSAGES_PER_HOUR: '3' }, { platform: { clock } });
    try {
      const from = (ip: string) =>
        own.app.inject({ method: 'POST', url: '/api/contact', payload: body(), remoteAddress: ip });
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) statuses.push((await from(`198.51.100.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await from('198.51.100.9');
      expect(refused.json()).toEqual({
        error:
          'We are receiving an unusual number of messages right now. Please try again in an hour, or write to us by email.',
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(own.app.platform.limits.policies().map((policy) => policy.name)).toContain('contact.site-wide');
      clock.advance(60 * 60_000);
      expect((await from('198.51.100.10')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('contact mail delivery', () => {
  it('reaches the mail server, also when it was down when the message was sent (nothing lost)', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 4, 30));
    const probe = await startSmtpServer();
    await probe.close();
    const downPort = probe.port;
    const mailApp = await createTestApp(
      {
        ADMIN_TOKEN: adminToken,
        CONTACT_TO: 'desk@hurryup.example',
        SMTP_URL: `smtp://127.0.0.1:${downPort}`,
      },
      { platform: { clock } },
    );
    const servers: { close(): Promise<void> }[] = [];
    try {
      const job = mailApp.app.platform.jobs.definitions().find((j) => j.name === 'mail.deliver')!;
      const deliver = () =>
        job.handler({}, { signal: new AbortController().signal, attempt: 1, clock, log: mailApp.app.log });
      const outbox = async () =>
        (await mailApp.app.inject({ url: '/api/admin/mail-outbox', headers: adminHeaders })).json();

      const res = await mailApp.app.inject({ method: 'POST', url: '/api/contact', payload: body() });
      expect(res.statusCode).toBe(200);
      // The send queues a delivery at once; the server is down, so it is tried and kept for later.
      await deliver();
      // (whichever run claimed it, the queued one or this one, records the failure).
      await expect
        .poll(async () => (await outbox())[0].lastError, { timeout: 10_000 })
        .toEqual(expect.any(String));
      expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 1 });

      const server = await startSmtpServer(downPort);
      servers.push(server);
      clock.advance(2 * 60_000);
      await deliver();
      expect((await outbox())[0]).toMatchObject({ status: 'sent' });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.rcptTo).toEqual(['desk@hurryup.example']);
      expect(server.received[0]!.raw).toMatch(/^Reply-To: asha@example\.in/im);
      expect(server.received[0]!.raw).toContain('Is the rice offer valid in Pune?');

      // A message sent while the server is up goes straight out.
      await mailApp.app.inject({ method: 'POST', url: '/api/contact', payload: body({ message: 'Second' }) });
      // The delivery queued by the send, or this run, whichever claims it first.
      await deliver();
      await expect.poll(() => server.received.length, { timeout: 10_000 }).toBe(2);
    } finally {
      await mailApp.close();
      for (const server of servers) await server.close();
    }
  });
});

describe('the contact inbox', () => {
  const inbox = async (query = '') =>
    t.app.inject({ url: `/api/admin/contact-messages${query}`, headers: adminHeaders });

  it('lists messages newest first with their delivery, and marks them read and unread', async () => {
    await send(body({ email: 'first@example.in', message: 'First of the inbox' }));
    await send(body({ email: 'second@example.in', message: 'Second of the inbox' }));
    const res = await inbox();
    expect(res.statusCode).toBe(200);
    const [newest, older] = res.json();
    expect(newest).toMatchObject({
      email: 'second@example.in',
      message: 'Second of the inbox',
      read: false,
      delivery: { status: 'pending', attempts: 0, sentAt: null, lastError: null },
    });
    expect(older.email).toBe('first@example.in');
    expect(newest.id).toBeGreaterThan(older.id);
    expect(Date.parse(newest.receivedAt)).not.toBeNaN();
    // The delivery is the outbox's message, with the visitor as Reply-To.
    const mail = await t.app.inject({
      url: `/api/admin/mail-outbox/${newest.delivery.mailId}`,
      headers: adminHeaders,
    });
    expect(mail.json()).toMatchObject({ replyTo: 'second@example.in' });
    expect(mail.json().text).toContain('Second of the inbox');

    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contact-messages/${newest.id}`,
      headers: adminHeaders,
      payload: { read: true },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: newest.id, read: true });
    const unread = (await inbox('?shown=unread')).json() as { id: number }[];
    expect(unread.map((m) => m.id)).not.toContain(newest.id);
    expect(unread.map((m) => m.id)).toContain(older.id);
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contact-messages/${newest.id}`,
      headers: adminHeaders,
      payload: { read: false },
    });
    expect(again.json().read).toBe(false);
    expect(((await inbox('?shown=unread')).json() as { id: number }[]).map((m) => m.id)).toContain(newest.id);
    // Paged.
    const page = (await inbox('?limit=1&offset=1')).json();
    expect(page).toHaveLength(1);
    expect(page[0].id).toBe(older.id);
  });

  it('refuses bad requests, unknown messages and callers without the token', async () => {
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    const badQuery = await inbox('?shown=everything');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().code).toBe('VALIDATION_ERROR');
    const badBody = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contact-messages/1',
      headers: adminHeaders,
      payload: { read: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().fields).toEqual({ read: 'read must be true or false.' });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contact-messages/999999',
      headers: adminHeaders,
      payload: { read: true },
    });
    expect(unknown.statusCode).toBe(404);
    const unknownRetry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/999999/retry',
      headers: adminHeaders,
    });
    expect(unknownRetry.statusCode).toBe(404);
    // A pending delivery is not a failed one.
    const [pending] = (await inbox()).json();
    const notFailed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${pending.id}/retry`,
      headers: adminHeaders,
    });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({
      error: 'Only a failed delivery can be tried again.',
      code: 'CONFLICT',
    });
  });

  it('tries a failed delivery again: back to pending, delivered once the mail server answers', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
    const probe = await startSmtpServer();
    await probe.close();
    const port = probe.port;
    const own = await createTestApp(
      {
        ADMIN_TOKEN: adminToken,
        CONTACT_TO: 'desk@hurryup.example',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        // One try, then failed.
        MAIL_MAX_ATTEMPTS: '1',
      },
      { platform: { clock } },
    );
    let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      const job = own.app.platform.jobs.definitions().find((j) => j.name === 'mail.deliver')!;
      const deliver = () =>
        job.handler({}, { signal: new AbortController().signal, attempt: 1, clock, log: own.app.log });
      const first = async () =>
        (await own.app.inject({ url: '/api/admin/contact-messages', headers: adminHeaders })).json()[0];
      const sent = await own.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: body({ message: 'Please reply about the refund' }),
      });
      expect(sent.statusCode).toBe(200);
      // The send queued a delivery; this run or that one (whichever claims it) records the failure.
      await deliver();
      await expect.poll(async () => (await first()).delivery.status, { timeout: 10_000 }).toBe('failed');
      const failed = await first();
      expect(failed.delivery).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.any(String) });

      server = await startSmtpServer(port);
      const retried = await own.app.inject({
        method: 'POST',
        url: `/api/admin/contact-messages/${failed.id}/retry`,
        headers: adminHeaders,
      });
      expect(retried.statusCode).toBe(200);
      // Pending again (the delivery it queued may have claimed it already: then its one try is counted).
      expect(retried.json().delivery.status).toMatch(/^(pending|sent)$/);
      expect(retried.json().delivery.attempts).toBeLessThanOrEqual(1);
      // The retry queued a delivery run; this run or that one delivers it (waiting on the state, not on time).
      await deliver();
      await expect.poll(async () => (await first()).delivery.status, { timeout: 10_000 }).toBe('sent');
      const delivered = await first();
      expect(delivered.delivery).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.raw).toContain('Please reply about the refund');
    } finally {
      await own.close();
      await server?.close();
    }
  });
});
