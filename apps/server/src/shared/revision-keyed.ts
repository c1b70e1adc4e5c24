/**
 * A read model kept per revision of what it reads: `current()` gives the snapshot of the current revision,
 * loaded once (concurrent callers share the one load) and kept until the revision moves. What is computed
 * from a snapshot is kept on it with `derive`, so it goes with the snapshot: one invalidation rule (the
 * revision) for the data and everything derived from it.
 */
export interface RevisionKeyed<T> {
  /** The snapshot of the current revision. */
  current(): Promise<Snapshot<T>>;
}

export interface Snapshot<T> {
  readonly revision: number;
  readonly value: T;
  /**
   * A value computed from this snapshot, once (concurrent callers share a pending computation; a failed
   * one is tried again by the next caller). Kept as long as the snapshot is current.
   */
  derive<V>(key: string, compute: () => V): V;
  /** The value derived under `key` so far (a pending computation's promise), without computing it. */
  derived<V>(key: string): V | undefined;
}

export function revisionKeyed<T>(options: {
  /** The revision of what `load` reads (e.g. the content revision of the kinds it shows). */
  revision: () => Promise<number>;
  load: (revision: number) => Promise<T>;
}): RevisionKeyed<T> {
  let cached: Snapshot<T> | undefined;
  let loading: { revision: number; promise: Promise<Snapshot<T>> } | undefined;

  function snapshotOf(revision: number, value: T): Snapshot<T> {
    const derived = new Map<string, unknown>();
    return {
      revision,
      value,
      derive<V>(key: string, compute: () => V): V {
        if (derived.has(key)) return derived.get(key) as V;
        const result = compute();
        derived.set(key, result);
        // A computation that fails is not kept: the next caller tries again.
        if (result instanceof Promise) result.catch(() => derived.delete(key));
        return result;
      },
      derived<V>(key: string): V | undefined {
        return derived.get(key) as V | undefined;
      },
    };
  }

  return {
    async current() {
      const revision = await options.revision();
      if (cached?.revision === revision) return cached;
      if (loading?.revision !== revision) {
        const promise = options.load(revision).then((value) => snapshotOf(revision, value));
        const entry = { revision, promise };
        loading = entry;
        promise.then(
          (snapshot) => {
            // A newer revision may have been asked for meanwhile: keep only the newest.
            if (!cached || cached.revision < snapshot.revision) cached = snapshot;
            if (loading === entry) loading = undefined;
          },
          () => {
            if (loading === entry) loading = undefined;
          },
        );
      }
      return loading!.promise;
    },
  };
}
