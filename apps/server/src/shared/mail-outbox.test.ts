import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createSmtpMail, type SmtpMail } from '../adapters/smtp-mail.ts';
import { coreMigrations } from '../db/core-migrations.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ManualClock } from './clock.ts';
import { type ConfigError, loadConfig } from './config.ts';
import {
  createMailDeliverJob,
  createMailOutbox,
  type MailOutbox,
  type MailTransport,
} from './mail-outbox.ts';

interface Received {
  mailFrom: string;
  rcptTo: string[];
  headers: Map<string, string>;
  body: string;
}

/** Headers (unfolded, names lower-cased) and body of a plain 7-bit message as the server got it. */
function parseMessage(raw: string): Pick<Received, 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4).replace(/\r\n$/, '') };
}

/** A local SMTP server that keeps what it accepts; `nobody@…` is refused for good, as a real server would. */
async function startSmtpServer(port = 0, login?: { user: string; password: string }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: !login,
    // Plain text on the loopback interface: no certificate to set up for a test.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Wrong user or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@'))
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((r) => r.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
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
type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A port that nothing listens on (a server was there a moment ago): the mail server is down. */
async function portOfStoppedServer(): Promise<number> {
  const server = await startSmtpServer();
  await server.close();
  return server.port;
}

function smtpTransport(port: number): SmtpMail {
  return createSmtpMail({
    url: `smtp://127.0.0.1:${port}`,
    from: 'Hurry Up <no-reply@hurryup.example>',
    connectionTimeoutMs: 2_000,
    greetingTimeoutMs: 2_000,
    socketTimeoutMs: 5_000,
  });
}

const minute = 60_000;
let database: TestDatabase;
let clock: ManualClock;
let outbox: MailOutbox;
let servers: SmtpTestServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database, coreMigrations);
});
afterAll(async () => {
  await database.dispose();
});
beforeEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
  clock = new ManualClock(Date.UTC(2025, 0, 1, 4, 30));
  outbox = createMailOutbox(database.db, { clock, maxAttempts: 4 });
});
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function upOn(port = 0) {
  const server = await startSmtpServer(port);
  servers.push(server);
  return server;
}

describe('the mail outbox', () => {
  it('keeps messages while the SMTP server is down, then delivers each once when it is up', async () => {
    const port = await portOfStoppedServer();
    const transport = smtpTransport(port);
    const welcome = await outbox.send({
      to: 'reader@example.in',
      replyTo: 'visitor@example.org',
      subject: 'A question about the blog',
      text: 'Hello,\n\nIs the next post out soon?',
    });
    const notice = await outbox.send({
      to: 'operator@example.in',
      subject: 'A new comment',
      text: 'See it.',
    });

    // A server that cannot be reached ends the run after one try: the next message waits its turn.
    expect(await outbox.deliverDue({ transport })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
      stopped: true,
    });
    expect(await outbox.deliverDue({ transport })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
      stopped: true,
    });
    expect(await outbox.deliverDue({ transport })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      stopped: false,
    });
    for (const id of [welcome.id, notice.id]) {
      const message = await outbox.read(id);
      expect(message).toMatchObject({
        status: 'pending',
        attempts: 1,
        sentAt: null,
        nextAttemptAt: new Date(clock.now() + minute).toISOString(),
      });
      expect(message?.lastError).toMatch(/ECONNREFUSED/);
    }

    const server = await upOn(port);
    clock.advance(minute - 1);
    expect((await outbox.deliverDue({ transport })).sent).toBe(0);
    expect(server.received).toEqual([]);

    clock.advance(1);
    expect(await outbox.deliverDue({ transport })).toEqual({
      sent: 2,
      retrying: 0,
      failed: 0,
      stopped: false,
    });
    expect(await outbox.deliverDue({ transport })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      stopped: false,
    });
    expect(server.received).toHaveLength(2);

    const first = server.received.find((m) => m.rcptTo[0] === 'reader@example.in')!;
    expect(first.rcptTo).toEqual(['reader@example.in']);
    expect(first.mailFrom).toBe('no-reply@hurryup.example');
    expect(first.headers.get('to')).toBe('reader@example.in');
    expect(first.headers.get('from')).toBe('Hurry Up <no-reply@hurryup.example>');
    expect(first.headers.get('reply-to')).toBe('visitor@example.org');
    expect(first.headers.get('subject')).toBe('A question about the blog');
    expect(first.headers.get('message-id')).toMatch(
      new RegExp(`^<outbox-${welcome.id}\\.\\d+@hurryup\\.example>$`),
    );
    expect(first.body.replace(/\r\n/g, '\n')).toBe('Hello,\n\nIs the next post out soon?');
    const second = server.received.find((m) => m.rcptTo[0] === 'operator@example.in')!;
    expect(second.headers.has('reply-to')).toBe(false);
    expect(second.headers.get('subject')).toBe('A new comment');
    expect(second.body).toBe('See it.');

    expect(await outbox.read(welcome.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: clock.date().toISOString(),
      lastError: null,
    });
    expect((await outbox.list({ status: 'sent', limit: 10, offset: 0 })).map((m) => m.id)).toEqual([
      notice.id,
      welcome.id,
    ]);
  });

  it('stores a message sent in a transaction only when that transaction commits', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await outbox.send({ to: 'a@example.in', subject: 'Rolled back', text: 'never' }, tx);
        throw new Error('the write it reported failed');
      }),
    ).rejects.toThrow('the write it reported failed');
    expect(await outbox.list({ limit: 10, offset: 0 })).toEqual([]);

    await database.db.transaction().execute(async (tx) => {
      await outbox.send({ to: 'a@example.in', subject: 'Committed', text: 'kept' }, tx);
    });
    expect((await outbox.list({ limit: 10, offset: 0 })).map((m) => m.subject)).toEqual(['Committed']);
  });

  it('backs off 1, 2, 4 minutes and marks the message failed after its last attempt', async () => {
    const transport = smtpTransport(await portOfStoppedServer());
    const { id } = await outbox.send({ to: 'a@example.in', subject: 'Soon failed', text: '…' });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const before = clock.now();
      await outbox.deliverDue({ transport });
      const message = (await outbox.read(id))!;
      expect(message.attempts).toBe(attempt);
      if (attempt < 4) {
        expect(message.status).toBe('pending');
        delays.push(Date.parse(message.nextAttemptAt) - before);
        clock.set(Date.parse(message.nextAttemptAt));
      }
    }
    expect(delays).toEqual([minute, 2 * minute, 4 * minute]);
    const failed = (await outbox.read(id))!;
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/ECONNREFUSED/);

    // A failed message is left alone, whatever happens later.
    const server = await upOn();
    clock.advance(24 * 60 * minute);
    expect((await outbox.deliverDue({ transport: smtpTransport(server.port) })).sent).toBe(0);
    expect(server.received).toEqual([]);
    expect((await outbox.read(id))!.attempts).toBe(4);
  });

  it('caps the backoff at one hour', async () => {
    const longOutbox = createMailOutbox(database.db, { clock, maxAttempts: 20 });
    const failing: MailTransport = { send: () => Promise.reject(new Error('down')) };
    const { id } = await longOutbox.send({ to: 'a@example.in', subject: 'Patience', text: '…' });
    let last = 0;
    for (let attempt = 1; attempt <= 9; attempt++) {
      const before = clock.now();
      await longOutbox.deliverDue({ transport: failing });
      const next = Date.parse((await longOutbox.read(id))!.nextAttemptAt);
      last = next - before;
      clock.set(next);
    }
    expect(last).toBe(60 * minute);
  });

  it('fails a message the server refuses for good at once, and goes on with the others', async () => {
    const server = await upOn();
    const refused = await outbox.send({ to: 'nobody@example.in', subject: 'Lost', text: '…' });
    const fine = await outbox.send({ to: 'someone@example.in', subject: 'Found', text: '…' });
    expect(await outbox.deliverDue({ transport: smtpTransport(server.port) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 1,
      stopped: false,
    });
    expect(await outbox.read(refused.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outbox.read(refused.id))!.lastError).toMatch(/550/);
    expect(await outbox.read(fine.id)).toMatchObject({ status: 'sent' });
    expect(server.received.map((m) => m.rcptTo)).toEqual([['someone@example.in']]);
  });

  it("logs in with the URL's user and password (percent-encoded), and a wrong login is the server's problem", async () => {
    const server = await startSmtpServer(0, { user: 'site@example.in', password: 'p@ss:word/1' });
    servers.push(server);
    const { id } = await outbox.send({ to: 'a@example.in', subject: 'Signed in', text: '…' });
    const wrong = createSmtpMail({
      url: `smtp://site%40example.in:nope@127.0.0.1:${server.port}`,
      from: 'no-reply@hurryup.example',
    });
    expect(await outbox.deliverDue({ transport: wrong })).toMatchObject({ retrying: 1, stopped: true });
    expect((await outbox.read(id))!.lastError).toMatch(/EAUTH.*535/);

    clock.advance(minute);
    const right = createSmtpMail({
      url: `smtp://site%40example.in:${encodeURIComponent('p@ss:word/1')}@127.0.0.1:${server.port}`,
      from: 'no-reply@hurryup.example',
    });
    expect((await outbox.deliverDue({ transport: right })).sent).toBe(1);
    expect(server.received).toHaveLength(1);
  });

  it('sends each message once when two processes deliver at the same time', async () => {
    const server = await upOn();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await outbox.send({ to: `reader${i}@example.in`, subject: `Note ${i}`, text: `n${i}` })).id);
    // Two outboxes on the same database stand for two processes, each with its own SMTP connection.
    const other = createMailOutbox(database.db, { clock, maxAttempts: 4 });
    const reports = await Promise.all([
      outbox.deliverDue({ transport: smtpTransport(server.port) }),
      other.deliverDue({ transport: smtpTransport(server.port) }),
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(12);
    expect(server.received.map((m) => m.rcptTo[0]).sort()).toEqual(
      ids.map((_, i) => `reader${i}@example.in`).sort(),
    );
    for (const id of ids) expect(await outbox.read(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('leaves a message claimed by a process that died to be sent again once its lease ran out', async () => {
    const { id } = await outbox.send({ to: 'a@example.in', subject: 'Crash', text: '…' });
    const hanging: MailTransport = { send: () => new Promise(() => {}) };
    void outbox.deliverDue({ transport: hanging }); // never finishes: the process "died" mid-send
    await vi.waitFor(async () => expect((await outbox.read(id))!.attempts).toBe(1));
    const sent: string[] = [];
    const working: MailTransport = { send: async (m) => void sent.push(m.key) };
    clock.advance(10 * minute - 1);
    expect((await outbox.deliverDue({ transport: working })).sent).toBe(0);
    clock.advance(1);
    expect((await outbox.deliverDue({ transport: working })).sent).toBe(1);
    expect(sent).toEqual([expect.stringMatching(new RegExp(`^outbox-${id}\\.`))]);
  });

  it('lists by status, newest first, in pages, and reads one message with its text', async () => {
    for (let i = 1; i <= 5; i++)
      await outbox.send({ to: `r${i}@example.in`, subject: `S${i}`, text: `T${i}` });
    await outbox.deliverDue({ transport: { send: async () => {} }, batch: 2 });
    const pending = await outbox.list({ status: 'pending', limit: 2, offset: 1 });
    expect(pending.map((m) => m.subject)).toEqual(['S4', 'S3']);
    expect(pending[0]).not.toHaveProperty('text');
    expect((await outbox.list({ status: 'sent', limit: 10, offset: 0 })).map((m) => m.subject)).toEqual([
      'S2',
      'S1',
    ]);
    const one = (await outbox.list({ limit: 1, offset: 0 }))[0]!;
    expect(await outbox.read(one.id)).toMatchObject({ subject: 'S5', text: 'T5', to: 'r5@example.in' });
    expect(await outbox.read(999_999)).toBeUndefined();
  });

  it('refuses an address that is not exactly one recipient', async () => {
    for (const to of ['a@example.in, b@example.in', 'a@example.in\r\nBcc: b@example.in', 'not an address'])
      await expect(outbox.send({ to, subject: 'x', text: 'y' })).rejects.toThrow(/one e-mail address/);
    await expect(
      outbox.send({ to: 'a@example.in', replyTo: 'x;y@z', subject: 'x', text: 'y' }),
    ).rejects.toThrow(/reply-to/);
    const { id } = await outbox.send({ to: 'a@example.in', subject: 'Two\r\nLines', text: 'y' });
    expect((await outbox.read(id))!.subject).toBe('Two Lines');
  });
});

describe('the mail.deliver job', () => {
  function recordingLog() {
    const warn = vi.fn();
    const info = vi.fn();
    return { log: { warn, info } as unknown as FastifyBaseLogger, warn, info };
  }
  const context = (log: FastifyBaseLogger) => ({
    log,
    signal: new AbortController().signal,
    attempt: 1,
    clock,
  });

  it('runs every 30 s with an empty payload', () => {
    const job = createMailDeliverJob(outbox, undefined);
    expect(job.name).toBe('mail.deliver');
    expect(job.schedule).toEqual({ everyMs: 30_000 });
    expect(job.payload.parse({})).toEqual({});
  });

  it('without SMTP sends nothing, keeps the messages pending and says so once', async () => {
    const server = await upOn();
    await outbox.send({ to: 'a@example.in', subject: 'Waiting', text: '…' });
    const job = createMailDeliverJob(outbox, undefined);
    const { log, warn } = recordingLog();
    for (let run = 0; run < 3; run++) {
      clock.advance(30_000);
      expect(await job.handler({}, context(log))).toMatchObject({ sent: 0, skipped: true });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toEqual({ waiting: 1 });
    expect(warn.mock.calls[0]![1]).toMatch(/SMTP_URL is not set/);
    expect(await outbox.list({ status: 'pending', limit: 10, offset: 0 })).toMatchObject([{ attempts: 0 }]);
    expect(server.received).toEqual([]);
  });

  it('delivers through the transport it was given', async () => {
    const server = await upOn();
    await outbox.send({ to: 'a@example.in', subject: 'Now', text: '…' });
    const job = createMailDeliverJob(outbox, smtpTransport(server.port));
    const { log, info } = recordingLog();
    expect(await job.handler({}, context(log))).toMatchObject({ sent: 1, skipped: false });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ sent: 1 }), 'mail delivered');
    expect(server.received).toHaveLength(1);
  });
});

describe('the mail settings', () => {
  const base = { NODE_ENV: 'test' };

  it('default to no SMTP, 10 attempts and a From of the site name at the public host', () => {
    const config = loadConfig({
      ...base,
      SITE_NAME: 'Hurry "Up"',
      PUBLIC_BASE_URL: 'https://hurryup.example.in',
    });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: '"Hurry Up" <no-reply@hurryup.example.in>',
      maxAttempts: 10,
    });
  });

  it('take an smtp:// or smtps:// URL and an address, and never echo the URL', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://user:secret@mail.example.in:465',
      MAIL_FROM: 'Desk <desk@example.in>',
      MAIL_MAX_ATTEMPTS: '3',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.in:465',
      from: 'Desk <desk@example.in>',
      maxAttempts: 3,
    });
    try {
      loadConfig({ ...base, SMTP_URL: 'http://user:secret@mail.example.in', MAIL_FROM: 'nobody' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(problems).toMatch(/MAIL_FROM: must be an address/);
      expect(problems).not.toContain('secret');
    }
  });
});
