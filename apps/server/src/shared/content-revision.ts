import type { Kysely } from 'kysely';
import { type AppState, createAppState } from '../db/app-state.ts';
import type { CoreTables } from '../db/core-tables.ts';

/** Bumped by every write to anything a page shows, in any process (docs/decisions/0012-page-cache.md). */
export const contentRevisionKey = 'content_revision';

// Another process (a second server, `npm run content:import`) may write; this process notices within this.
const defaultCheckEveryMs = 1_000;

// biome-ignore lint/suspicious/noExplicitAny: a write's transaction, whatever tables it spans
type Tx = Kysely<any>;

/**
 * The site-wide content revision: one counter in `app_state` that every content write moves (the admin API
 * through shared/admin-crud.ts, imports, and any feature's own writes through `site.contentChanged()`).
 * What is derived from the content (the page cache) is valid for one revision. This process learns of its
 * own writes at once and of other processes' within `checkEveryMs`.
 */
export class ContentRevision {
  readonly #appState: AppState;
  readonly #checkEveryMs: number;
  readonly #listeners: ((revision: number) => void)[] = [];
  #known: number | undefined;
  #checkedAt = 0;
  #reading: Promise<number> | undefined;

  constructor(db: Kysely<CoreTables>, options: { checkEveryMs?: number } = {}) {
    this.#appState = createAppState(db);
    this.#checkEveryMs = options.checkEveryMs ?? defaultCheckEveryMs;
  }

  /**
   * The current revision. Cheap: the database is asked at most once per `checkEveryMs` (concurrent callers
   * share that one read); otherwise the last value is returned.
   */
  current(): Promise<number> | number {
    if (this.#known !== undefined && Date.now() - this.#checkedAt < this.#checkEveryMs) return this.#known;
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<number> {
    const startedAt = Date.now();
    const revision = await this.#appState.counter(contentRevisionKey);
    // A write of this process that started meanwhile has already forgotten the value: keep it forgotten.
    if (this.#forgottenAt <= startedAt) {
      this.#checkedAt = startedAt;
      this.#set(revision);
    }
    return revision;
  }

  #forgottenAt = 0;

  /** The next `current()` asks the database (after a write that committed in this process). */
  forget() {
    this.#known = undefined;
    this.#forgottenAt = Date.now() + 1;
  }

  /**
   * Records a write: moves the counter (inside the write's transaction when given, so the two commit
   * together) and makes this process read it anew. Call it after the write, before answering.
   */
  async changed(tx?: Tx): Promise<void> {
    try {
      await this.#appState.increment(contentRevisionKey, tx);
    } finally {
      this.forget();
    }
  }

  /** Called whenever this process learns of a new revision (its own write or another process's). */
  onChange(listener: (revision: number) => void) {
    this.#listeners.push(listener);
  }

  #set(revision: number) {
    const previous = this.#known;
    this.#known = revision;
    if (previous !== revision) for (const listener of this.#listeners) listener(revision);
  }
}
