import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { systemClock } from '../shared/clock.ts';
import { ConfigError, loadConfig } from '../shared/config.ts';
import { clockFromSettings } from './platform.ts';

const instant = '2025-06-27T18:00:00+05:30';
const at = Date.parse(instant);

describe('the platform clock from the settings', () => {
  it('is the system clock when neither MARKET_CLOCK nor CLOCK_START is set', () => {
    expect(clockFromSettings(loadConfig({}).clock)).toEqual({ clock: systemClock, machinery: systemClock });
  });

  it('stands still at MARKET_CLOCK while its timers fire, and the machinery runs on from the same instant', async () => {
    const { clock, machinery } = clockFromSettings(loadConfig({ MARKET_CLOCK: instant }).clock);
    expect(clock.now()).toBe(at);
    expect(clock.date().toISOString()).toBe('2025-06-27T12:30:00.000Z');
    // A frozen clock's timers wait on real time: this one fires although the clock never moves.
    await new Promise<void>((resolve) => clock.setTimeout(resolve, 0));
    await clock.sleep(0);
    expect(clock.now()).toBe(at);
    expect(machinery.now()).toBeGreaterThanOrEqual(at);
    expect(machinery).not.toBe(clock);
  });

  it('starts at CLOCK_START and runs on, one clock for the site and the machinery', () => {
    const { clock, machinery } = clockFromSettings(loadConfig({ CLOCK_START: instant }).clock);
    expect(machinery).toBe(clock);
    expect(clock.now()).toBeGreaterThanOrEqual(at);
  });

  it('refuses MARKET_CLOCK and CLOCK_START set together', () => {
    expect(() => loadConfig({ MARKET_CLOCK: instant, CLOCK_START: instant })).toThrow(ConfigError);
    try {
      loadConfig({ MARKET_CLOCK: instant, CLOCK_START: instant });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        `CLOCK_START: set MARKET_CLOCK or CLOCK_START, not both: MARKET_CLOCK stops the whole site's clock at one instant, CLOCK_START starts it at one and lets it run (got "${instant}")`,
      ]);
    }
  });

  it('gives the site the stood-still clock, whose waits still end', async () => {
    const t = await createTestApp({ MARKET_CLOCK: instant });
    try {
      expect(t.app.platform.clock.now()).toBe(at);
      await t.app.platform.clock.sleep(1);
      expect(t.app.platform.clock.now()).toBe(at);
    } finally {
      await t.close();
    }
  });
});
