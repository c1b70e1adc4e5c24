import type { AdminStatus } from '@hurryup/contracts/admin-status';

type Job = AdminStatus['jobs'][number];
type Setting = AdminStatus['settings'][number];

/** A time as the screen shows it: `2026-11-27 19:30 UTC` (operators compare it with the logs, which are UTC). */
export function timeText(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A duration in words: `850 ms`, `12 s`, `4 min`, `3 h`, `2 days`. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 2 * 86_400_000) return `${Math.round(ms / 3_600_000)} h`;
  return `${Math.round(ms / 86_400_000)} days`;
}

export function periodText(job: Job): string {
  return job.everyMs === null ? 'when queued' : `every ${durationText(job.everyMs)}`;
}

/** The last run's result in words: 'Succeeded in 1.2 s', 'Failed: <why>', 'Running since …', 'Not run yet'. */
export function resultText(job: Job): string {
  const run = job.lastRun;
  if (!run) return 'Not run yet';
  if (run.outcome === 'running') return `Running since ${timeText(run.startedAt)}`;
  const took = run.durationMs === null ? '' : ` in ${durationText(run.durationMs)}`;
  if (run.outcome === 'succeeded') return `Succeeded${took}`;
  return `Failed${took}: ${run.error ?? 'no reason given'}`;
}

export function lagText(job: Job): string {
  const lag = job.lastRun?.lagMs;
  return lag === null || lag === undefined ? '' : `started ${durationText(lag)} after due`;
}

/** A setting's value as shown: secrets never (the server does not send them). */
export function settingText(setting: Setting): string {
  if (setting.secret) return setting.state === 'unset' ? 'not set' : 'set (hidden)';
  if (setting.state === 'unset') return 'not set';
  return setting.state === 'default' ? `${setting.value} (default)` : (setting.value ?? '');
}

export const stateWords = { ok: 'OK', warning: 'Warning', failing: 'Failing' } as const;

export const statusWords = {
  ready: 'Ready: every check is ok.',
  degraded: 'Degraded: the site serves, but something needs attention.',
  unavailable: 'Unavailable: a part the site cannot serve without is failing.',
} as const;
