import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ContentRevisions, createContentRevisions } from '../db/content-revisions.ts';
import type { CoreTables } from '../db/core-tables.ts';
import { type Clock, systemClock } from './clock.ts';

export { contentRevisionKey } from '../db/content-revisions.ts';

// Another process (a second server, `npm run content:import`) may write; this process notices within this.
const defaultCheckEveryMs = 1_000;

// biome-ignore lint/suspicious/noExplicitAny: a write's transaction, whatever tables it spans
type Tx = Kysely<any>;

// Longer kind names (a comment kind holds an image URL of up to 2000 characters) are stored by a hash.
const maxStoredKindLength = 200;

/** A kind's name as stored: itself, or its family and a hash when it is long. */
function storedKind(kind: string): string {
  if (kind.length <= maxStoredKindLength) return kind;
  const family = kind.slice(0, Math.max(0, kind.indexOf(':')));
  return `${family}:#${createHash('sha256').update(kind).digest('base64url')}`;
}

/** 'comments:/content/images/a.png' belongs to the family 'comments'; a write to 'comments' moves them all. */
function familyOf(kind: string): string | undefined {
  const colon = kind.indexOf(':');
  return colon > 0 ? kind.slice(0, colon) : undefined;
}

/**
 * The content revisions (docs/decisions/0012-page-cache.md): one global counter that every content write
 * moves, and per kind of content ('blogs', 'posts', 'comments:<image URL>', …) the counter's value at the
 * kind's last write. A page or answer rendered when the counter stood at `since` is fresh while none of the
 * kinds it shows has a higher revision; one that declares no kinds follows every write. This process learns
 * of its own writes at once and of other processes' within `checkEveryMs` (one read of the rows changed
 * since its last look, shared by concurrent callers).
 */
export class ContentRevision {
  readonly #store: ContentRevisions;
  readonly #checkEveryMs: number;
  readonly #listeners: ((revision: number) => void)[] = [];
  readonly #kinds = new Map<string, number>();
  /** The highest revision of the rows read: the next read asks for rows above it. */
  #rowsSeen = -1;
  /** The global counter as last known (never below `#rowsSeen`). */
  #global = 0;
  #announced: number | undefined;
  #fresh = false;
  #checkedAt = 0;
  #reading: Promise<number> | undefined;
  /** Moves on each `forget`: a read that began before the latest one cannot count as fresh. */
  #forgets = 0;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #schedules = new Map<string, (() => Promise<number | undefined>)[]>();

  constructor(db: Kysely<CoreTables>, options: { checkEveryMs?: number; clock?: Pick<Clock, 'now'> } = {}) {
    this.#store = createContentRevisions(db);
    this.#checkEveryMs = options.checkEveryMs ?? defaultCheckEveryMs;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * The global revision. Cheap: the database is asked at most once per `checkEveryMs` (concurrent callers
   * share that one read); otherwise the last value is returned. Once it has returned, `latestOf` and
   * `isFresh` answer from what it read.
   */
  current(): Promise<number> | number {
    if (this.#fresh && this.#clock.now() - this.#checkedAt < this.#checkEveryMs) return this.#global;
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** The highest revision among these kinds (and their families); the global one when no kinds are declared. */
  latestOf(shows: readonly string[] | undefined): number {
    if (shows === undefined) return this.#global;
    let latest = 0;
    for (const kind of shows) {
      const own = this.#kinds.get(storedKind(kind)) ?? 0;
      if (own > latest) latest = own;
      const family = familyOf(kind);
      const shared = family === undefined ? 0 : (this.#kinds.get(family) ?? 0);
      if (shared > latest) latest = shared;
    }
    return latest;
  }

  /** Whether something showing these kinds, rendered when the global revision was `since`, is still current. */
  isFresh(shows: readonly string[] | undefined, since: number): boolean {
    return this.latestOf(shows) <= since;
  }

  async #read(): Promise<number> {
    const startedAt = this.#clock.now();
    const forgets = this.#forgets;
    const { global, changed } = await this.#store.changedSince(this.#rowsSeen);
    // Revisions only grow: merging what was read is right even when a write of this process came meanwhile.
    for (const { kind, revision } of changed) {
      if (revision > (this.#kinds.get(kind) ?? 0)) this.#kinds.set(kind, revision);
      if (revision > this.#rowsSeen) this.#rowsSeen = revision;
    }
    this.#global = Math.max(this.#global, global, this.#rowsSeen);
    // A write of this process that started meanwhile may not be in what was read: read again next time.
    if (this.#forgets === forgets) {
      this.#checkedAt = startedAt;
      this.#fresh = true;
    }
    if (this.#announced !== this.#global) {
      this.#announced = this.#global;
      for (const listener of this.#listeners) listener(this.#global);
    }
    return this.#global;
  }

  /** The next `current()` asks the database (after a write that committed in this process). */
  forget() {
    this.#fresh = false;
    this.#forgets += 1;
  }

  /**
   * Records a write of these kinds: moves the global counter and the kinds' revisions (inside the write's
   * transaction when given, so they commit together) and makes this process read them anew. Call it after
   * the write, before answering.
   */
  async changed(kinds: readonly string[], tx?: Tx): Promise<void> {
    try {
      await this.#store.record(kinds.map(storedKind), tx);
    } finally {
      this.forget();
    }
  }

  /**
   * Content of `kind` that changes by itself at a time (a scheduled post appears): `next` tells, from the
   * database, the first such time after now (ms), or undefined. Whatever shows the kind is kept until then at
   * most (`nextScheduledChange`), so it is never shown before its time nor missed after it, in every process.
   */
  addSchedule(kind: string, next: () => Promise<number | undefined>) {
    const list = this.#schedules.get(kind) ?? [];
    list.push(next);
    this.#schedules.set(kind, list);
  }

  /**
   * The first time (ms) at which one of these kinds (every kind when undefined) changes by itself; Infinity
   * when none is scheduled. Asked before a page or answer reads anything, like `current()`. A failed look-up
   * answers now: what was rendered is then not kept.
   */
  async nextScheduledChange(shows: readonly string[] | undefined): Promise<number> {
    const kinds =
      shows === undefined
        ? [...this.#schedules.keys()]
        : [...new Set(shows.flatMap((kind) => [kind, familyOf(kind) ?? kind]))];
    const lookups = kinds.flatMap((kind) => this.#schedules.get(kind) ?? []);
    if (lookups.length === 0) return Number.POSITIVE_INFINITY;
    try {
      const times = await Promise.all(lookups.map((next) => next()));
      return Math.min(...times.map((time) => time ?? Number.POSITIVE_INFINITY));
    } catch {
      return this.#clock.now();
    }
  }

  /** Called whenever this process learns of a new global revision (its own write or another process's). */
  onChange(listener: (revision: number) => void) {
    this.#listeners.push(listener);
  }
}
