import type { Clock, ClockTimer } from './clock.ts';

/**
 * A large table or engine a feature reads only for some requests (WordNet, the IFCT food tables): loaded at
 * its first use, not at start, and let go once it has been idle for a while, so a web process holds only
 * what its visitors are using (docs/decisions/0044-memory-of-a-web-process.md).
 *
 * - Concurrent first uses share one load (single flight).
 * - A load that fails fails the uses waiting for it, and the next use loads again.
 * - `idleMs` after the last use ended (on the given clock, so tests move it), the value is dropped and the
 *   next use loads it again. A value in use is never dropped under it: the timer starts when the last of
 *   the uses running together has finished.
 */
/** How long a large table stays loaded after its last use. */
export const largeTableIdleMs = 5 * 60_000;

export interface LoadedOnUse<T> {
  /** Runs `work` with the value, loading it first when it is not loaded. */
  use<R>(work: (value: T) => R | Promise<R>): Promise<R>;
  /** Whether the value is held now. */
  readonly loaded: boolean;
  /** How many loads have started (tests check that concurrent first uses share one). */
  readonly loads: number;
  /** Drops the value now (the app's close); a use running keeps its own reference. */
  release(): void;
}

export function loadedOnUse<T>(options: {
  load: () => Promise<T>;
  clock: Pick<Clock, 'setTimeout'>;
  /** Dropped this long after its last use; kept for the process's life when absent. */
  idleMs?: number;
  /** Called with the value when it is dropped (to close what it holds). */
  onRelease?: (value: T) => void;
}): LoadedOnUse<T> {
  let pending: Promise<T> | undefined;
  let value: { current: T } | undefined;
  let loads = 0;
  let using = 0;
  let idleTimer: ClockTimer | undefined;

  const drop = () => {
    idleTimer?.cancel();
    idleTimer = undefined;
    const held = value;
    value = undefined;
    pending = undefined;
    if (held) options.onRelease?.(held.current);
  };

  const ready = (): Promise<T> => {
    if (pending) return pending;
    loads += 1;
    const loading = options.load().then(
      (loaded) => {
        // Released while loading (the app closed): hand it to the waiting uses, keep nothing.
        if (pending === loading) value = { current: loaded };
        return loaded;
      },
      (error: unknown) => {
        if (pending === loading) pending = undefined;
        throw error;
      },
    );
    pending = loading;
    return loading;
  };

  return {
    async use(work) {
      idleTimer?.cancel();
      idleTimer = undefined;
      using += 1;
      try {
        return await work(await ready());
      } finally {
        using -= 1;
        if (using === 0 && options.idleMs !== undefined && value)
          idleTimer = options.clock.setTimeout(drop, options.idleMs);
      }
    },
    get loaded() {
      return value !== undefined;
    },
    get loads() {
      return loads;
    },
    release: drop,
  };
}
