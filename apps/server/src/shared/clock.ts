/**
 * Where the server's time comes from. Features, jobs, limits and pages read it from their context instead
 * of `Date.now()`, so tests move it instead of sleeping, and a demo can run at a fixed instant.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  date(): Date;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  date: () => new Date(),
};

/** A clock that starts at `start` and runs on at real speed (the `CLOCK_START` setting, for demos and tests). */
export function clockStartingAt(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return {
    now: () => Date.now() + offset,
    date: () => new Date(Date.now() + offset),
  };
}

/** A clock that moves only when told to (tests). */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | number = Date.UTC(2025, 0, 1, 4, 30)) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }
  now(): number {
    return this.#now;
  }
  date(): Date {
    return new Date(this.#now);
  }
  set(to: Date | number) {
    this.#now = typeof to === 'number' ? to : to.getTime();
  }
  advance(ms: number) {
    this.#now += ms;
  }
}
