import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { createReadiness, expiryResult } from './readiness.ts';

/** A logger that keeps what was logged at warn and info. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const log = {
    warn: (_fields: unknown, message: string) => lines.push({ level: 'warn', message }),
    info: (_fields: unknown, message: string) => lines.push({ level: 'info', message }),
    error: (_fields: unknown, message: string) => lines.push({ level: 'error', message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('readiness checks', () => {
  it('is ready when every check is ok, degraded when an optional one fails, unavailable when a required one does', async () => {
    const clock = new ManualClock();
    const state = { database: true, redis: true };
    const readiness = createReadiness(clock);
    readiness.add({ name: 'database', required: true, check: async () => state.database });
    readiness.add({
      name: 'redis',
      required: false,
      check: async () => {
        if (!state.redis) throw new Error('Connection is closed.');
        return true;
      },
    });
    expect(await readiness.report()).toEqual({
      status: 'ready',
      checks: { database: { state: 'ok', required: true }, redis: { state: 'ok', required: false } },
    });
    state.redis = false;
    expect(await readiness.report()).toEqual({
      status: 'degraded',
      checks: {
        database: { state: 'ok', required: true },
        redis: { state: 'failing', required: false, message: 'Connection is closed.' },
      },
    });
    state.database = false;
    expect((await readiness.report()).status).toBe('unavailable');
    expect(() => readiness.add({ name: 'redis', required: false, check: async () => true })).toThrow(/twice/);
  });

  it('counts a check that does not answer within its bound as failing', async () => {
    const clock = new ManualClock();
    const readiness = createReadiness(clock);
    readiness.add({ name: 'database', required: true, check: () => new Promise<boolean>(() => {}) });
    const report = readiness.report();
    await clock.advanceAsync(2_000);
    expect(await report).toEqual({
      status: 'unavailable',
      checks: { database: { state: 'failing', required: true, message: 'No answer within 2 s.' } },
    });
  });

  it('makes a warning (even of a required check) degraded, never unavailable', async () => {
    const readiness = createReadiness(new ManualClock());
    readiness.add({
      name: 'contract-rules',
      required: true,
      check: async () => ({ state: 'warning', message: 'No lot size after 2027-01-31.' }),
    });
    expect(await readiness.report()).toEqual({
      status: 'degraded',
      checks: {
        'contract-rules': { state: 'warning', required: true, message: 'No lot size after 2027-01-31.' },
      },
    });
  });

  it('logs a change of state once, not on every report', async () => {
    const { log, lines } = recordingLog();
    const readiness = createReadiness(new ManualClock(), log);
    let result: { state: 'ok' | 'warning'; message: string } = { state: 'ok', message: 'fine' };
    readiness.add({ name: 'feed', required: false, check: async () => result });
    await readiness.report();
    expect(lines).toEqual([]);
    result = { state: 'warning', message: 'stale' };
    for (let i = 0; i < 3; i++) await readiness.report();
    expect(lines).toEqual([{ level: 'warn', message: 'readiness: feed is warning: stale' }]);
    result = { state: 'ok', message: 'fine' };
    await readiness.report();
    await readiness.report();
    expect(lines).toEqual([
      { level: 'warn', message: 'readiness: feed is warning: stale' },
      { level: 'info', message: 'readiness: feed is ok again' },
    ]);
  });

  it('watches: runs the checks on the clock so that a change is logged without any request', async () => {
    const { log, lines } = recordingLog();
    const clock = new ManualClock(Date.UTC(2026, 10, 27));
    const readiness = createReadiness(clock, log);
    let healthy = true;
    readiness.add({ name: 'worker', required: false, check: async () => healthy });
    const watching = readiness.watch(60_000);
    await clock.advanceAsync(0);
    healthy = false;
    expect(lines).toEqual([]);
    await clock.advanceAsync(60_000);
    expect(lines).toEqual([{ level: 'warn', message: 'readiness: worker is failing' }]);
    watching.cancel();
    healthy = true;
    await clock.advanceAsync(120_000);
    expect(lines).toHaveLength(1);
  });
});

describe('data-expiry checks', () => {
  it('warns within 30 days of the last day, says when it ended, and warns when there is no data', () => {
    expect(expiryResult('The holiday calendar', '2026-12-25', '2026-11-27')).toEqual({
      state: 'warning',
      message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
    });
    expect(expiryResult('The holiday calendar', '2026-12-25', '2026-11-24')).toEqual({
      state: 'ok',
      message: 'The holiday calendar runs to 2026-12-25.',
    });
    expect(expiryResult('The holiday calendar', '2026-12-25', '2026-11-25').message).toBe(
      'The holiday calendar ends on 2026-12-25: 30 days left.',
    );
    expect(expiryResult('The holiday calendar', '2026-12-25', '2026-12-24').message).toBe(
      'The holiday calendar ends on 2026-12-25: 1 day left.',
    );
    expect(expiryResult('The holiday calendar', '2026-12-25', '2026-12-26')).toEqual({
      state: 'warning',
      message: 'The holiday calendar ended on 2026-12-25: add the next entries.',
    });
    expect(expiryResult('Contract rules', undefined, '2026-12-26')).toEqual({
      state: 'warning',
      message: 'Contract rules: no entries.',
    });
    expect(expiryResult('Contract rules', '2027-02-20', '2026-11-27', 90).state).toBe('warning');
  });

  it('follows the clock: ok until the warning window, then a warning that counts down', async () => {
    const clock = new ManualClock(Date.UTC(2026, 9, 1, 12));
    const readiness = createReadiness(clock);
    readiness.addDataExpiry({
      name: 'holiday-calendar',
      what: 'The holiday calendar',
      lastDay: async () => '2026-12-25',
    });
    expect((await readiness.report()).checks['holiday-calendar']).toEqual({
      state: 'ok',
      required: false,
      message: 'The holiday calendar runs to 2026-12-25.',
    });
    clock.set(Date.UTC(2026, 10, 27, 12));
    expect(await readiness.report()).toEqual({
      status: 'degraded',
      checks: {
        'holiday-calendar': {
          state: 'warning',
          required: false,
          message: 'The holiday calendar ends on 2026-12-25: 28 days left.',
        },
      },
    });
  });
});
