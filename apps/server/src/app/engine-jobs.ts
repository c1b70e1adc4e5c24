import { z } from 'zod';
import type { EngineDefinition, Engines } from '../engines/engine.ts';
import { EngineBusyError, EngineError } from '../engines/engine-errors.ts';
import type { Jobs } from '../shared/jobs.ts';

/** An engine's failure as it travels back through the queue, so the web process answers it the same way. */
const failureSchema = z.object({
  engine: z.string(),
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
type EngineOutcome = { ok: true; output: unknown } | { ok: false; failure: z.infer<typeof failureSchema> };

/**
 * Engines through the jobs seam (with Redis): a web process queues `engine.<name>` and waits; a process
 * that runs jobs (`npm run worker`) runs it in its own pool. An engine's refusal (busy, too slow, bad
 * input) comes back as such, not as a bare failure, and a queue already holding `maxQueue` waiting tasks
 * refuses at once with 503, as the local pool does.
 */
export function enginesThroughJobs(
  jobs: Jobs,
  localPool: Engines,
  engines: readonly EngineDefinition<never, unknown>[],
): Engines {
  const byName = new Map(
    engines.map((definition) => [
      definition.name,
      {
        definition,
        job: jobs.define({
          name: `engine.${definition.name}`,
          payload: z.object({ input: z.unknown() }),
          // A worker takes as many as the engine may run; the rest wait in Redis.
          concurrency: definition.limits.threads,
          // Many a minute, for visitors: the engine pool's figures cover them, not the run log.
          recordRuns: false,
          async handler({ input }, { signal }): Promise<EngineOutcome> {
            try {
              return { ok: true, output: await localPool.run(definition, input as never, { signal }) };
            } catch (error) {
              if (!(error instanceof EngineError)) throw error;
              return {
                ok: false,
                failure: {
                  engine: error.engine,
                  statusCode: error.statusCode,
                  code: error.code,
                  message: error.message,
                  ...(error.retryAfterSeconds === undefined
                    ? {}
                    : { retryAfterSeconds: error.retryAfterSeconds }),
                  ...(error.fields ? { fields: error.fields } : {}),
                },
              };
            }
          },
        }),
      },
    ]),
  );
  return {
    async run<I, O>(definition: EngineDefinition<I, O>, input: I, options?: { signal?: AbortSignal }) {
      const known = byName.get(definition.name);
      if (!known) throw new Error(`The engine ${definition.name} is not in engines/engine-list.ts`);
      // Checked here too, so bad input never reaches a queue.
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) return localPool.run(definition, input, options);
      const { limits } = definition;
      const waiting = await known.job.waiting();
      // The worker's pool refuses what it cannot finish in time, but a task waiting in Redis is not yet in
      // it: those ahead, at the engine's typical time per thread, must leave room within its deadline.
      const perTask = limits.typicalMs ?? limits.timeoutMs / 4;
      const estimateMs = (Math.floor(waiting / limits.threads) + 1) * perTask;
      const late = limits.deadlineMs !== undefined && waiting > 0 && estimateMs > limits.deadlineMs;
      if (waiting >= limits.maxQueue || late)
        throw new EngineBusyError(
          definition.name,
          Math.min(120, Math.max(1, Math.ceil((late ? estimateMs : limits.timeoutMs / 4) / 1000))),
        );
      const outcome = (await known.job.run({ input: parsed.data }, options)) as EngineOutcome;
      if (outcome.ok) return outcome.output as O;
      const { engine, statusCode, code, message, retryAfterSeconds, fields } = outcome.failure;
      throw new EngineError(engine, statusCode, code, message, {
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        ...(fields ? { fields } : {}),
      });
    },
  };
}
