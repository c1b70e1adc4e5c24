/**
 * Where the server's time comes from. Features, jobs, limits and pages read it, and wait on it, through
 * their context instead of `Date.now()` and `setTimeout`, so tests move it instead of sleeping, and a demo
 * can run at a fixed instant.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  date(): Date;
  /**
   * Calls `callback` once `ms` milliseconds have passed on this clock. The timer never keeps the process
   * alive (it is unref'd on the system clock). `cancel()` is safe to call at any time, more than once.
   */
  setTimeout(callback: () => void, ms: number): ClockTimer;
  /** Calls `callback` every `ms` milliseconds until cancelled (never keeps the process alive). */
  every(ms: number, callback: () => void): ClockTimer;
  /** Resolves after `ms` milliseconds on this clock; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface ClockTimer {
  cancel(): void;
}

function sleepOn(clock: Pick<Clock, 'setTimeout'>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function realTimers(): Pick<Clock, 'setTimeout' | 'every' | 'sleep'> {
  const timers = {
    setTimeout(callback: () => void, ms: number): ClockTimer {
      const handle = globalThis.setTimeout(callback, Math.max(0, ms));
      handle.unref?.();
      return { cancel: () => globalThis.clearTimeout(handle) };
    },
    every(ms: number, callback: () => void): ClockTimer {
      const handle = globalThis.setInterval(callback, Math.max(1, ms));
      handle.unref?.();
      return { cancel: () => globalThis.clearInterval(handle) };
    },
    sleep: (ms: number, signal?: AbortSignal) => sleepOn(timers, ms, signal),
  };
  return timers;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
  ...realTimers(),
};

/**
 * A clock that stands still at `at` (the `MARKET_CLOCK` setting, tests and demos only): `now()` and `date()`
 * always answer that instant, while its timers wait on real time, so retries, bounds and deadlines still
 * fire and nothing waits for a time that never comes.
 */
export function frozenClock(at: Date): Clock {
  const time = at.getTime();
  return {
    now: () => time,
    date: () => new Date(time),
    ...realTimers(),
  };
}

/** A clock that starts at `start` and runs on at real speed (the `CLOCK_START` setting, for demos and tests). */
export function clockStartingAt(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return {
    now: () => Date.now() + offset,
    date: () => new Date(Date.now() + offset),
    ...realTimers(),
  };
}

interface PendingTimer {
  at: number;
  order: number;
  every?: number;
  callback: () => void;
  cancelled: boolean;
}

/**
 * A clock that moves only when told to (tests). Its timers fire, in time order, while `advance` or `set`
 * moves the clock past them; `advanceAsync` also lets promises settle between timers, for code that awaits
 * between one wait and the next.
 */
export class ManualClock implements Clock {
  #now: number;
  #timers: PendingTimer[] = [];
  #order = 0;
  constructor(start: Date | number = Date.UTC(2025, 0, 1, 4, 30)) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }
  now(): number {
    return this.#now;
  }
  date(): Date {
    return new Date(this.#now);
  }
  setTimeout(callback: () => void, ms: number): ClockTimer {
    return this.#add({ at: this.#now + Math.max(0, ms), callback });
  }
  every(ms: number, callback: () => void): ClockTimer {
    const period = Math.max(1, ms);
    return this.#add({ at: this.#now + period, every: period, callback });
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
  /** Timers waiting to fire (tests check that nothing is left behind). */
  get pendingTimers(): number {
    return this.#timers.filter((timer) => !timer.cancelled).length;
  }
  /** Timers waiting to fire at the instant `at` (a test waits for the one its request sets). */
  pendingTimersAt(at: number): number {
    return this.#timers.filter((timer) => !timer.cancelled && timer.at === at).length;
  }
  set(to: Date | number) {
    const target = typeof to === 'number' ? to : to.getTime();
    if (target < this.#now) {
      this.#now = target;
      return;
    }
    this.#runUntil(target);
  }
  advance(ms: number) {
    this.#runUntil(this.#now + ms);
  }
  /** Like `advance`, but lets pending promise callbacks run after each timer fires. */
  async advanceAsync(ms: number) {
    const target = this.#now + ms;
    for (;;) {
      await flushMicrotasks();
      const next = this.#next(target);
      if (!next) break;
      this.#fire(next);
    }
    this.#now = target;
    await flushMicrotasks();
  }
  #add(timer: Omit<PendingTimer, 'order' | 'cancelled'>): ClockTimer {
    const pending: PendingTimer = { ...timer, order: this.#order++, cancelled: false };
    this.#timers.push(pending);
    return {
      cancel: () => {
        pending.cancelled = true;
        this.#timers = this.#timers.filter((t) => t !== pending);
      },
    };
  }
  #next(target: number): PendingTimer | undefined {
    let next: PendingTimer | undefined;
    for (const timer of this.#timers) {
      if (timer.cancelled || timer.at > target) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    }
    return next;
  }
  #fire(timer: PendingTimer) {
    this.#now = Math.max(this.#now, timer.at);
    if (timer.every) {
      timer.at += timer.every;
      timer.order = this.#order++;
    } else {
      timer.cancelled = true;
      this.#timers = this.#timers.filter((t) => t !== timer);
    }
    timer.callback();
  }
  #runUntil(target: number) {
    for (;;) {
      const next = this.#next(target);
      if (!next) break;
      this.#fire(next);
    }
    this.#now = target;
  }
}

async function flushMicrotasks() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
}
