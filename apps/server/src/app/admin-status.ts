import { type AdminStatus, readAdminStatus } from '@hurryup/contracts/admin-status';
import type { FastifyInstance } from 'fastify';
import { registerAdminCalls } from '../shared/admin-crud.ts';
import type { SettingInEffect } from '../shared/config.ts';
import { registerCall } from '../shared/register-call.ts';
import type { Platform } from './platform.ts';

/**
 * `GET /api/admin/status` (the console's status screen): the readiness checks with their warnings, each
 * job's last run (from the run log every process writes) and next run, the engines' figures and the
 * settings in effect, secrets without their values. It reads; it changes nothing.
 */
export async function registerAdminStatus(
  app: FastifyInstance,
  platform: Platform,
  adminToken: string | undefined,
  settings: readonly SettingInEffect[],
) {
  await registerAdminCalls(app, adminToken, (admin) => {
    registerCall(admin, readAdminStatus, () => statusOf(platform, settings));
  });
}

export async function statusOf(
  platform: Platform,
  settings: readonly SettingInEffect[],
): Promise<AdminStatus> {
  const [readiness, runs, nextRuns, engines] = await Promise.all([
    platform.readiness.report(),
    platform.runLog.list().catch(() => []),
    platform.jobs.nextRuns().catch(() => new Map<string, Date>()),
    platform.engineFigures().catch(() => ({ where: 'this process' as const })),
  ]);
  const runsByName = new Map(runs.map((row) => [row.name, row]));
  const defined = platform.jobs.definitions().filter((definition) => definition.recordRuns !== false);
  const names = new Set([...defined.map((definition) => definition.name), ...runsByName.keys()]);
  const jobs = [...names].sort().map((name) => {
    const definition = defined.find((known) => known.name === name);
    const row = runsByName.get(name);
    return {
      name,
      everyMs: definition?.schedule?.everyMs ?? null,
      nextRunAt: nextRuns.get(name)?.toISOString() ?? null,
      lastRun: row
        ? {
            dueAt: row.last_due_at,
            startedAt: row.last_started_at,
            finishedAt: row.last_finished_at,
            outcome: row.last_outcome,
            error: row.last_error,
            attempt: Number(row.last_attempt),
            lagMs: row.last_lag_ms === null ? null : Number(row.last_lag_ms),
            durationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
          }
        : null,
      runs: Number(row?.runs ?? 0),
      failures: Number(row?.failures ?? 0),
    };
  });
  const warnings = Object.entries(readiness.checks)
    .filter(([, result]) => result.state !== 'ok')
    .map(([check, result]) => ({
      check,
      state: result.state as 'warning' | 'failing',
      message: result.message ?? `${check} is ${result.state}.`,
    }));
  const figures = 'figures' in engines ? engines.figures : undefined;
  return {
    generatedAt: platform.clock.date().toISOString(),
    readiness,
    warnings,
    jobs,
    engines: {
      where: engines.where,
      reportedAt: ('reportedAt' in engines ? engines.reportedAt : undefined) ?? null,
      threadBudget: figures?.threadBudget ?? null,
      engines: (figures?.engines ?? []).map((engine) => ({
        name: engine.name,
        threads: engine.threads,
        running: engine.running,
        waiting: engine.waiting,
        completed: engine.completed,
        failed: engine.failed,
        timedOut: engine.timedOut,
        refused: engine.refused,
        averageMs: engine.averageMs ?? null,
      })),
    },
    settings: settings.map((row) => ({ ...row })),
  };
}
