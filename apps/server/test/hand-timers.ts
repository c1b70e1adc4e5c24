/**
 * Timers a test fires by hand, for the adapters' time limits (`OutgoingTimers`): adapters import nothing of the
 * app, so their tests use this instead of the platform's ManualClock. A call's time limit passes when the test
 * calls `fire()`, never by waiting.
 */
export function handTimers() {
  const pending: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    setTimeout(callback: () => void, ms: number) {
      const timer = { callback, ms, cancelled: false };
      pending.push(timer);
      return {
        cancel() {
          timer.cancelled = true;
        },
      };
    },
    /** The time limits set and not cancelled yet. */
    get pending() {
      return pending.filter((timer) => !timer.cancelled).map((timer) => timer.ms);
    },
    /** Fires every timer set so far (as if their time had passed). */
    fire() {
      for (const timer of pending.splice(0)) if (!timer.cancelled) timer.callback();
    },
  };
}
