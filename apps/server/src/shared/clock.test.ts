import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';

describe('ManualClock timers', () => {
  it('fires timeouts in time order as the clock moves past them, and never early', () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b'), 200);
    clock.setTimeout(() => fired.push('a'), 100);
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['a']);
    clock.advance(500);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('sees the time of each timer inside its callback', () => {
    const clock = new ManualClock(1000);
    const seen: number[] = [];
    clock.setTimeout(() => seen.push(clock.now()), 50);
    clock.advance(1000);
    expect(seen).toEqual([1050]);
    expect(clock.now()).toBe(2000);
  });

  it('repeats `every` until cancelled, and a cancelled timeout never fires', () => {
    const clock = new ManualClock(0);
    let ticks = 0;
    const repeating = clock.every(10, () => ticks++);
    const once = clock.setTimeout(() => {
      throw new Error('cancelled timers must not fire');
    }, 5);
    once.cancel();
    clock.advance(35);
    expect(ticks).toBe(3);
    repeating.cancel();
    clock.advance(100);
    expect(ticks).toBe(3);
  });

  it('resolves sleep when the clock passes it, and rejects it when its signal aborts', async () => {
    const clock = new ManualClock(0);
    let done = false;
    const sleeping = clock.sleep(1000).then(() => {
      done = true;
    });
    await clock.advanceAsync(999);
    expect(done).toBe(false);
    await clock.advanceAsync(1);
    await sleeping;
    expect(done).toBe(true);

    const controller = new AbortController();
    const aborted = clock.sleep(1000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    expect(clock.pendingTimers).toBe(0);
  });

  it('runs a chain of awaits and timers with advanceAsync', async () => {
    const clock = new ManualClock(0);
    const steps: number[] = [];
    const chain = (async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(100);
        steps.push(clock.now());
      }
    })();
    await clock.advanceAsync(300);
    await chain;
    expect(steps).toEqual([100, 200, 300]);
  });
});
