import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { loadedOnUse } from './loaded-on-use.ts';

function table(options: { fails?: number } = {}) {
  const clock = new ManualClock();
  const released: string[] = [];
  let failures = options.fails ?? 0;
  let gate: (() => void) | undefined;
  let loaded = 0;
  const held = loadedOnUse<{ rows: string[]; id: number }>({
    clock,
    idleMs: 60_000,
    async load() {
      // Holds until the test opens the gate, so that uses can arrive while it loads.
      await new Promise<void>((resolve) => {
        gate = resolve;
      });
      if (failures > 0) {
        failures -= 1;
        throw new Error('the table could not be read');
      }
      loaded += 1;
      return { rows: ['a', 'b'], id: loaded };
    },
    onRelease: (value) => released.push(`table ${value.id}`),
  });
  const open = async () => {
    while (!gate) await Promise.resolve();
    gate();
    gate = undefined;
  };
  return { clock, held, released, open };
}

describe('a table loaded on use', () => {
  it('is not loaded until used, and concurrent first uses share one load', async () => {
    const { held, open } = table();
    expect(held.loaded).toBe(false);
    expect(held.loads).toBe(0);
    const first = held.use((value) => value.rows[0]);
    const second = held.use((value) => value.rows[1]);
    await open();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(held.loads).toBe(1);
    expect(held.loaded).toBe(true);
    expect(await held.use((value) => value.rows.length)).toBe(2);
    expect(held.loads).toBe(1);
  });

  it('fails the uses waiting for a failed load, and loads again at the next use', async () => {
    const { held, open } = table({ fails: 1 });
    const first = held.use((value) => value.rows[0]);
    const second = held.use((value) => value.rows[1]);
    await open();
    await expect(first).rejects.toThrow('could not be read');
    await expect(second).rejects.toThrow('could not be read');
    expect(held.loaded).toBe(false);
    const third = held.use((value) => value.rows[0]);
    await open();
    expect(await third).toBe('a');
    expect(held.loads).toBe(2);
  });

  it('is released once idle for idleMs after its last use, and loaded again when used', async () => {
    const { clock, held, released, open } = table();
    const first = held.use((value) => value.id);
    await open();
    expect(await first).toBe(1);
    clock.advance(59_999);
    expect(held.loaded).toBe(true);
    // A use restarts the wait.
    await held.use(() => undefined);
    clock.advance(59_999);
    expect(held.loaded).toBe(true);
    clock.advance(1);
    expect(held.loaded).toBe(false);
    expect(released).toEqual(['table 1']);
    expect(clock.pendingTimers).toBe(0);
    const again = held.use((value) => value.id);
    await open();
    expect(await again).toBe(2);
    expect(held.loads).toBe(2);
  });

  it('is not released under a use that is still running', async () => {
    const { clock, held, released, open } = table();
    const loading = held.use(() => undefined);
    await open();
    await loading;
    let finish: (() => void) | undefined;
    const long = held.use(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    while (!finish) await Promise.resolve();
    clock.advance(120_000);
    expect(held.loaded).toBe(true);
    finish();
    await long;
    clock.advance(60_000);
    expect(released).toEqual(['table 1']);
  });

  it('release() drops it at once (the app closing) and leaves no timer behind', async () => {
    const { clock, held, released, open } = table();
    const use = held.use(() => undefined);
    await open();
    await use;
    held.release();
    expect(held.loaded).toBe(false);
    expect(released).toEqual(['table 1']);
    expect(clock.pendingTimers).toBe(0);
  });
});
