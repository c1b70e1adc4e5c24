import { z } from 'zod';
import { defineCall } from './api-call.ts';
import { readinessResponseSchema } from './health.ts';

const isoTime = z.string().describe('ISO-8601 timestamp');

export const jobStatusSchema = z
  .object({
    name: z.string().describe("The job's name, `<feature>.<what>` (e.g. `mail.deliver`)"),
    everyMs: z
      .number()
      .int()
      .nullable()
      .describe('Its period when scheduled, null when it runs only when queued'),
    nextRunAt: isoTime.nullable().describe('When its next period starts (scheduled jobs), null otherwise'),
    lastRun: z
      .object({
        dueAt: isoTime.nullable().describe('When the run was due or queued'),
        startedAt: isoTime,
        finishedAt: isoTime.nullable().describe('null while it runs'),
        outcome: z.enum(['running', 'succeeded', 'failed']),
        error: z.string().nullable().describe('Why the last try failed'),
        attempt: z.number().int().describe('1 for a first try'),
        lagMs: z.number().int().nullable().describe('From due or queued to started'),
        durationMs: z.number().int().nullable(),
      })
      .nullable()
      .describe('null when it has not run since the run log began'),
    runs: z.number().int().describe('Tries recorded, in every process'),
    failures: z.number().int().describe('Tries that failed'),
  })
  .meta({ id: 'AdminJobStatus' });

export const engineStatusSchema = z
  .object({
    name: z.string(),
    threads: z.number().int(),
    running: z.number().int(),
    waiting: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    timedOut: z.number().int(),
    refused: z.number().int(),
    averageMs: z.number().nullable().describe('Moving average of recent successful run times'),
  })
  .meta({ id: 'AdminEngineStatus' });

export const settingInEffectSchema = z
  .object({
    name: z.string().describe('The environment variable'),
    owner: z.string().describe("'site', or the feature whose settings schema defines it"),
    state: z
      .enum(['set', 'default', 'unset'])
      .describe('set in the environment; unset with a default in effect; unset with none'),
    value: z
      .string()
      .nullable()
      .describe('The value in effect; null for a secret (never shown) or when unset'),
    secret: z.boolean(),
  })
  .meta({ id: 'AdminSettingInEffect' });

export const adminStatusSchema = z
  .object({
    generatedAt: isoTime,
    readiness: readinessResponseSchema,
    warnings: z
      .array(z.object({ check: z.string(), state: z.enum(['warning', 'failing']), message: z.string() }))
      .describe('Every check that is not ok, with its message: what the screen shows first'),
    jobs: z.array(jobStatusSchema),
    engines: z.object({
      where: z.enum(['this process', 'the worker']),
      reportedAt: isoTime.nullable().describe("The worker's last heartbeat (with REDIS_URL)"),
      threadBudget: z.number().int().nullable(),
      engines: z
        .array(engineStatusSchema)
        .describe('Engines that have run a task since their process started'),
    }),
    settings: z.array(settingInEffectSchema),
  })
  .meta({ id: 'AdminStatus' });

export type AdminStatus = z.infer<typeof adminStatusSchema>;

export const readAdminStatus = defineCall({
  method: 'GET',
  path: '/api/admin/status',
  operationId: 'readAdminStatus',
  summary:
    "The site's status: readiness with warnings, each job's last and next run, the engines, the settings",
  description:
    "Job runs come from the database (every process writes the runs it makes); engine figures are this process's pool, or the worker's last heartbeat with REDIS_URL. Secret settings are never shown.",
  tag: 'admin',
  access: 'admin',
  status: 200,
  response: adminStatusSchema,
  errors: [401],
});
