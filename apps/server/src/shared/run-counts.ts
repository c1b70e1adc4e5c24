/**
 * What the platform's parts count as they run, for `GET /metrics` (plugins/metrics.ts): each job's tries and
 * each limit's refusals in this process. Counters only grow, as Prometheus expects of a counter; they live
 * for the process (one process runs one app in production).
 */
export interface JobTryCounts {
  succeeded: number;
  failed: number;
  /** Seconds spent in the job's handler, all tries together. */
  seconds: number;
}

const jobTries = new Map<string, JobTryCounts>();
const limitRefusals = new Map<string, number>();

export function countJobTry(name: string, succeeded: boolean, seconds: number) {
  const counts = jobTries.get(name) ?? { succeeded: 0, failed: 0, seconds: 0 };
  if (succeeded) counts.succeeded += 1;
  else counts.failed += 1;
  counts.seconds += seconds;
  jobTries.set(name, counts);
}

/** Who hears each job's lag as it starts (plugins/metrics.ts's histogram), per app. */
const lagListeners = new Set<(job: string, seconds: number) => void>();

/** The time between a job being due or queued and its first try starting. */
export function countJobLag(name: string, seconds: number) {
  for (const listener of lagListeners) listener(name, seconds);
}

export function countLimitRefusal(policy: string) {
  limitRefusals.set(policy, (limitRefusals.get(policy) ?? 0) + 1);
}

export const runCounts = {
  jobTries: (): ReadonlyMap<string, Readonly<JobTryCounts>> => jobTries,
  limitRefusals: (): ReadonlyMap<string, number> => limitRefusals,
  /** Calls `listener` with each job's lag from now on; the returned function stops it. */
  onJobLag(listener: (job: string, seconds: number) => void): () => void {
    lagListeners.add(listener);
    return () => lagListeners.delete(listener);
  },
};
