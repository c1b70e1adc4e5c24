import type { FeedRun, FeedSourceName } from '@hurryup/contracts/market-news';
import type { FastifyBaseLogger } from 'fastify';

export interface ScheduledSource {
  name: FeedSourceName;
  run(signal: AbortSignal): Promise<FeedRun>;
  lastSuccess(): Promise<string | null>;
}

/**
 * Runs each feed source at start when its last successful fetch is older than the interval (or there was
 * none), then every `intervalMinutes`; 0 turns the schedule off (fetches then happen only when the operator
 * asks). A source never runs twice at once: asking while it runs joins the run in flight. Failures are
 * logged and never escape, so a broken feed cannot take the server down.
 */
export function createFeedScheduler(options: {
  sources: ScheduledSource[];
  intervalMinutes: number;
  log: FastifyBaseLogger;
}) {
  const { sources, intervalMinutes, log } = options;
  const intervalMs = intervalMinutes * 60_000;
  const controller = new AbortController();
  const inFlight = new Map<FeedSourceName, Promise<FeedRun>>();
  let timer: NodeJS.Timeout | undefined;

  function run(source: ScheduledSource): Promise<FeedRun> {
    const running = inFlight.get(source.name);
    if (running) return running;
    const started = source
      .run(controller.signal)
      .then((result) => {
        if (!result.ok)
          log.warn(
            { source: source.name, problems: result.problems },
            'feed fetch failed; stored items kept',
          );
        else if (result.problems.length > 0)
          log.warn({ source: source.name, problems: result.problems }, 'some feeds failed');
        return result;
      })
      .catch((error: unknown) => {
        log.error({ err: error, source: source.name }, 'feed fetch failed; stored items kept');
        return {
          source: source.name,
          ok: false,
          stored: 0,
          problems: [error instanceof Error ? error.message : String(error)],
        } satisfies FeedRun;
      })
      .finally(() => inFlight.delete(source.name));
    inFlight.set(source.name, started);
    return started;
  }

  async function runIfStale(source: ScheduledSource) {
    try {
      const last = await source.lastSuccess();
      if (last && Date.now() - Date.parse(last) < intervalMs) return;
    } catch (error) {
      log.error({ err: error, source: source.name }, 'could not read when the feed was last fetched');
      return;
    }
    await run(source);
  }

  return {
    start() {
      if (intervalMs === 0) return;
      for (const source of sources) void runIfStale(source);
      timer = setInterval(() => {
        for (const source of sources) void run(source);
      }, intervalMs);
      // The schedule alone must not keep the process alive.
      timer.unref();
    },
    /** Runs every source now (or joins the runs in flight) and answers what each did. */
    runAll(): Promise<FeedRun[]> {
      return Promise.all(sources.map(run));
    },
    /** Stops the schedule and cancels fetches in flight; resolves when they have wound down. */
    async stop() {
      if (timer) clearInterval(timer);
      controller.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
