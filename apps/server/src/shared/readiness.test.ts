import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { createReadiness } from './readiness.ts';

describe('readiness checks', () => {
  it('is ready when every check is up, degraded when an optional one is down, unavailable when a required one is', async () => {
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
    expect(await readiness.report()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
    state.redis = false;
    expect(await readiness.report()).toEqual({
      status: 'degraded',
      checks: { database: 'up', redis: 'down' },
    });
    state.database = false;
    expect(await readiness.report()).toEqual({
      status: 'unavailable',
      checks: { database: 'down', redis: 'down' },
    });
    expect(() => readiness.add({ name: 'redis', required: false, check: async () => true })).toThrow(/twice/);
  });

  it('counts a check that does not answer within its bound as down', async () => {
    const clock = new ManualClock();
    const readiness = createReadiness(clock);
    readiness.add({ name: 'database', required: true, check: () => new Promise<boolean>(() => {}) });
    const report = readiness.report();
    await clock.advanceAsync(2_000);
    expect(await report).toEqual({ status: 'unavailable', checks: { database: 'down' } });
  });
});
