import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../test/admin.ts';
import { createFaultSite, type FaultSite, startProcess } from '../../test/fault-processes.ts';
import { ManualClock } from '../shared/clock.ts';

const galleryUrl = '/content/images/gallery/how-to-read-rsi.png';
const env = { ADMIN_TOKEN: adminToken, CONTACT_TO: 'desk@hurryup.example' };

/**
 * PostgreSQL dropping the connections of the site in the middle of writes (`pg_terminate_backend`, as a
 * restart, a failover or an idle-in-transaction timeout does): two web processes, each with its own pool,
 * stay alive; the requests whose connection was cut answer 503 with Retry-After (never 500, never a hang);
 * the next requests work on new connections; what was acknowledged is stored once.
 */
describe('PostgreSQL connections killed mid-write', () => {
  let site: FaultSite;
  let processes: Awaited<ReturnType<typeof startProcess>>[] = [];
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0));
  let visitor = 0;
  const nextIp = () => `10.7.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`;

  beforeAll(async () => {
    site = await createFaultSite(process.env.TEST_DATABASE_URL!);
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i++) processes.push(await startProcess(site.openPool(), env, { clock }));
    const added = await processes[0]!.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: adminHeaders,
      payload: { url: galleryUrl, alt: 'How to read RSI', width: 1080, height: 1350 },
    });
    expect(added.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.close()));
    processes = [];
    await site?.dispose();
  }, 60_000);

  type Write = { kind: 'comment' | 'contact'; tag: string; status?: number; body?: Record<string, unknown> };
  const write = async (processIndex: number, kind: Write['kind'], tag: string): Promise<Write> => {
    const { app } = processes[processIndex]!;
    const res =
      kind === 'comment'
        ? await app.inject({
            method: 'POST',
            url: '/api/saveComment',
            remoteAddress: nextIp(),
            payload: { imageUrl: galleryUrl, elapsedMs: 5000, comment: `Fault test comment ${tag}` },
          })
        : await app.inject({
            method: 'POST',
            url: '/api/contact',
            remoteAddress: nextIp(),
            payload: { email: 'asha@example.in', message: `Fault test message ${tag}` },
          });
    if (res.statusCode === 503) expect(res.headers['retry-after']).toMatch(/^\d+$/);
    return { kind, tag, status: res.statusCode, body: res.json() };
  };
  const burst = (prefix: string, perProcess: number) =>
    processes.flatMap((_, p) =>
      Array.from({ length: perProcess }, (_, i) =>
        write(p, i % 2 === 0 ? 'comment' : 'contact', `${prefix}-${p}-${i}`),
      ),
    );

  it('keeps every process alive, answers the cut writes 503, recovers, and loses or doubles nothing', async () => {
    // Writes wait on a lock held by another session, so they are in flight (their connection busy inside a
    // statement) when the connections are terminated.
    // A client's 'error' that nobody listens to would end the process: none may reach the process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const holder = new pg.Client({ connectionString: site.url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query(
      `lock table "${site.schema}".comments, "${site.schema}".mail_outbox in access exclusive mode`,
    );
    // 16 writes per process: 10 take the pool's connections and wait on the lock, 6 wait for a connection.
    const inFlight = burst('cut', 16);
    let waiting = 0;
    for (let look = 0; look < 2000 && waiting < 20; look++) {
      const [row] = await site.admin<{ n: string }>(
        `select count(*) as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
        [site.applicationName],
      );
      waiting = Number(row!.n);
    }
    expect(waiting, 'writes waiting on the lock before the connections are cut').toBeGreaterThanOrEqual(20);
    const killed = await site.killConnections();
    expect(killed).toBeGreaterThanOrEqual(20);
    await holder.query('rollback');
    await holder.end();

    const cut = await Promise.all(inFlight);
    process.off('uncaughtException', onUncaught);
    expect(uncaught).toEqual([]);
    const byStatus = countBy(cut.map((w) => w.status));
    // Nothing but success and "try again": no 500, no hang (every request settled).
    // (a comment is 201 Created, a contact message 200)
    expect(Object.keys(byStatus).filter((status) => !['200', '201', '503'].includes(status))).toEqual([]);
    expect(byStatus[503]).toBeGreaterThanOrEqual(20);
    for (const refused of cut.filter((w) => w.status === 503))
      expect(refused.body).toEqual({ error: expect.any(String), code: 'DATABASE_UNAVAILABLE' });

    // Both processes are alive and work again on new connections, with no restart.
    for (const { app } of processes)
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await Promise.all(burst('after', 8));
    expect(countBy(after.map((w) => w.status))).toEqual({ 200: 8, 201: 8 });

    // What was acknowledged is stored exactly once; what was refused at most once (never twice).
    const stored = await storedTags();
    for (const w of [...cut, ...after]) {
      const times = stored.get(w.tag) ?? 0;
      if (w.status === 200 || w.status === 201) expect(times, `${w.kind} ${w.tag}`).toBe(1);
      else expect(times, `${w.kind} ${w.tag}`).toBeLessThanOrEqual(1);
    }
    console.info(
      `pg_terminate_backend under writes: ${killed} connections cut; in flight ${JSON.stringify(byStatus)}, after ${JSON.stringify(countBy(after.map((w) => w.status)))}`,
    );
  }, 60_000);

  async function storedTags(): Promise<Map<string, number>> {
    const rows = await site.admin<{ text: string }>(
      `select comment as text from "${site.schema}".comments
       union all select body as text from "${site.schema}".mail_outbox`,
    );
    const counts = new Map<string, number>();
    for (const { text } of rows) {
      const tag = /Fault test (?:comment|message) (\S+)/.exec(text)?.[1];
      if (tag) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return counts;
  }
});

function countBy(values: (number | undefined)[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value ?? 0] = (counts[value ?? 0] ?? 0) + 1;
  return counts;
}
