import type { FastifyBaseLogger } from 'fastify';
import type { Clock, ClockTimer } from './clock.ts';

/**
 * What one check found: `ok`; `warning` (the site serves, but something needs the operator soon: data that
 * runs out, a worker that stopped reporting); `failing` (the part does not answer). The message says what, in
 * words an operator acts on ("The holiday calendar ends on 2026-12-25: 28 days left").
 */
export type CheckState = 'ok' | 'warning' | 'failing';

export interface CheckResult {
  state: CheckState;
  message?: string;
}

/** One named check of what the site relies on, answered by `GET /api/health/ready` and the status screen. */
export interface ReadinessCheck {
  /** Short and stable, e.g. 'database', 'redis', 'holiday-calendar': the key in the answer's `checks`. */
  name: string;
  /**
   * Whether the site cannot serve without it: a required check that fails makes the answer 503 (take the
   * process out of rotation); any other failing check, and every warning, only makes it `degraded`.
   */
  required: boolean;
  /**
   * true (ok) or false (failing), or a result with a state and a message. A rejection or no answer within
   * the bound is failing.
   */
  check(): Promise<boolean | CheckResult>;
}

export interface NamedCheckResult extends CheckResult {
  required: boolean;
}

export interface ReadinessReport {
  status: 'ready' | 'degraded' | 'unavailable';
  checks: Record<string, NamedCheckResult>;
}

/**
 * Data that runs out on a known day (a holiday calendar, contract rules): a warning from `warnWithinDays`
 * before its last day, failing once it has passed, and a warning when there is none at all.
 */
export interface DataExpiryCheck {
  name: string;
  /** What the data is, as the message starts: 'The holiday calendar'. */
  what: string;
  /** The last day the data covers (`YYYY-MM-DD`), or undefined when there is none. */
  lastDay(): Promise<string | undefined>;
  /** Warn this many days ahead (default 30). */
  warnWithinDays?: number;
}

export interface Readiness {
  add(check: ReadinessCheck): void;
  /** A check of data that expires on a day (see DataExpiryCheck); never required: the site still serves. */
  addDataExpiry(check: DataExpiryCheck): void;
  report(): Promise<ReadinessReport>;
  /**
   * Runs the checks every `everyMs` (and once now) so that a change of state is logged once when it happens,
   * not on every request; the platform starts it in each serving process. Stops with the returned timer.
   */
  watch(everyMs: number): ClockTimer;
}

/** How long one check may take before it counts as failing. */
const checkBoundMs = 2_000;
const dayMs = 24 * 60 * 60_000;

/** The message and state of a data-expiry check on `today` (both `YYYY-MM-DD`). */
export function expiryResult(
  what: string,
  lastDay: string | undefined,
  today: string,
  warnWithinDays = 30,
): CheckResult {
  if (!lastDay) return { state: 'warning', message: `${what}: no entries.` };
  const daysLeft = Math.round(
    (Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / dayMs,
  );
  if (daysLeft < 0)
    return { state: 'warning', message: `${what} ended on ${lastDay}: add the next entries.` };
  const left = `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  if (daysLeft <= warnWithinDays)
    return { state: 'warning', message: `${what} ends on ${lastDay}: ${left}.` };
  return { state: 'ok', message: `${what} runs to ${lastDay}.` };
}

/**
 * The site's readiness checks: a small list of named checks, run together, each bounded in time. A change of
 * a check's state is logged once (a warning or failure as a warning, a return to ok as info).
 */
export function createReadiness(clock: Clock, log?: FastifyBaseLogger): Readiness {
  const checks: ReadinessCheck[] = [];
  const lastStates = new Map<string, string>();
  const run = (check: ReadinessCheck): Promise<CheckResult> =>
    new Promise<CheckResult>((resolve) => {
      const timer = clock.setTimeout(
        () => resolve({ state: 'failing', message: `No answer within ${checkBoundMs / 1000} s.` }),
        checkBoundMs,
      );
      check.check().then(
        (result) => {
          timer.cancel();
          resolve(typeof result === 'boolean' ? { state: result ? 'ok' : 'failing' } : result);
        },
        (error: unknown) => {
          timer.cancel();
          resolve({ state: 'failing', message: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  const noteChange = (name: string, result: NamedCheckResult) => {
    const key = `${result.state} ${result.message ?? ''}`;
    const before = lastStates.get(name);
    if (before === key) return;
    lastStates.set(name, key);
    if (result.state === 'ok') {
      if (before !== undefined && !before.startsWith('ok'))
        log?.info(
          { check: name, state: result.state, message: result.message },
          `readiness: ${name} is ok again`,
        );
      return;
    }
    log?.warn(
      { check: name, state: result.state, required: result.required, message: result.message },
      `readiness: ${name} is ${result.state}${result.message ? `: ${result.message}` : ''}`,
    );
  };
  const readiness: Readiness = {
    add(check) {
      if (checks.some((known) => known.name === check.name))
        throw new Error(`The readiness check "${check.name}" is added twice`);
      checks.push(check);
    },
    addDataExpiry({ name, what, lastDay, warnWithinDays }) {
      readiness.add({
        name,
        required: false,
        check: async () =>
          expiryResult(what, await lastDay(), clock.date().toISOString().slice(0, 10), warnWithinDays),
      });
    },
    async report() {
      const results = await Promise.all(checks.map(run));
      const report: ReadinessReport = { status: 'ready', checks: {} };
      checks.forEach((check, i) => {
        const result: NamedCheckResult = { ...results[i]!, required: check.required };
        report.checks[check.name] = result;
        noteChange(check.name, result);
        if (result.state === 'ok') return;
        if (result.state === 'failing' && check.required) report.status = 'unavailable';
        else if (report.status === 'ready') report.status = 'degraded';
      });
      return report;
    },
    watch(everyMs) {
      const look = () =>
        void readiness
          .report()
          .catch((error: unknown) => log?.error({ err: error }, 'readiness: checks failed'));
      look();
      return clock.every(everyMs, look);
    },
  };
  return readiness;
}
