import type { Clock } from './clock.ts';

/** One named check of what the site relies on, answered by `GET /api/health/ready`. */
export interface ReadinessCheck {
  /** Short and stable, e.g. 'database', 'redis': the key in the answer's `checks`. */
  name: string;
  /**
   * Whether the site cannot serve without it: a required check that fails makes the answer 503 (take the
   * process out of rotation); any other failing check only makes it `degraded` (the site works without it,
   * e.g. limits in memory while Redis is away).
   */
  required: boolean;
  /** Resolves true when the part answers; false, a rejection or no answer within the bound mean down. */
  check(): Promise<boolean>;
}

export type CheckState = 'up' | 'down';

export interface ReadinessReport {
  status: 'ready' | 'degraded' | 'unavailable';
  checks: Record<string, CheckState>;
}

export interface Readiness {
  add(check: ReadinessCheck): void;
  report(): Promise<ReadinessReport>;
}

/** How long one check may take before it counts as down. */
const checkBoundMs = 2_000;

/** The site's readiness checks: a small list of named checks, run together, each bounded in time. */
export function createReadiness(clock: Clock): Readiness {
  const checks: ReadinessCheck[] = [];
  const run = (check: ReadinessCheck): Promise<CheckState> =>
    new Promise<CheckState>((resolve) => {
      const timer = clock.setTimeout(() => resolve('down'), checkBoundMs);
      check.check().then(
        (ok) => {
          timer.cancel();
          resolve(ok ? 'up' : 'down');
        },
        () => {
          timer.cancel();
          resolve('down');
        },
      );
    });
  return {
    add(check) {
      if (checks.some((known) => known.name === check.name))
        throw new Error(`The readiness check "${check.name}" is added twice`);
      checks.push(check);
    },
    async report() {
      const states = await Promise.all(checks.map(run));
      const report: ReadinessReport = { status: 'ready', checks: {} };
      checks.forEach((check, i) => {
        report.checks[check.name] = states[i]!;
        if (states[i] === 'up') return;
        if (check.required) report.status = 'unavailable';
        else if (report.status === 'ready') report.status = 'degraded';
      });
      return report;
    },
  };
}
