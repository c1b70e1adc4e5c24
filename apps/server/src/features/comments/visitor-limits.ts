/**
 * How many comments each visitor saved recently, kept in memory per IP address (the site is one process;
 * a restart forgets, which only ever lets a visitor comment sooner). Addresses are never stored with the
 * comments.
 */
export class VisitorLimits {
  readonly #saves = new Map<string, number[]>();
  readonly #perMinute: number;
  readonly #perDay: number;
  #lastSweep = 0;

  constructor(limits: { perMinute: number; perDay: number }) {
    this.#perMinute = limits.perMinute;
    this.#perDay = limits.perDay;
  }

  /** Which limit a new save would break, and in how many seconds it could be tried again. */
  check(
    visitor: string,
    now = Date.now(),
  ): { limit: 'minute' | 'day'; retryAfterSeconds: number } | undefined {
    const recent = this.#recent(visitor, now);
    if (recent.length >= this.#perDay) {
      return { limit: 'day', retryAfterSeconds: Math.ceil((recent[0]! + dayMs - now) / 1000) };
    }
    const lastMinute = recent.filter((t) => t > now - minuteMs);
    if (lastMinute.length >= this.#perMinute) {
      return { limit: 'minute', retryAfterSeconds: Math.ceil((lastMinute[0]! + minuteMs - now) / 1000) };
    }
    return undefined;
  }

  record(visitor: string, now = Date.now()) {
    this.#recent(visitor, now).push(now);
    this.#sweep(now);
  }

  #recent(visitor: string, now: number): number[] {
    const kept = (this.#saves.get(visitor) ?? []).filter((t) => t > now - dayMs);
    this.#saves.set(visitor, kept);
    return kept;
  }

  // Visitors who stopped commenting a day ago are forgotten, so the map does not grow without end.
  #sweep(now: number) {
    if (now - this.#lastSweep < minuteMs) return;
    this.#lastSweep = now;
    for (const [visitor, times] of this.#saves) {
      if (times.every((t) => t <= now - dayMs)) this.#saves.delete(visitor);
    }
  }
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** Runs tasks with the same key one after another (tasks with different keys run side by side). */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
