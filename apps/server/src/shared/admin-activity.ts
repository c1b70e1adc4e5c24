import type { ActivityEntry, ActivityList } from '@hurryup/contracts/operators';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/core-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { Clock } from './clock.ts';

/** Who made the request through the admin gate: an operator's email, 'token', or undefined (not through it). */
const actors = new WeakMap<FastifyRequest, string>();

export function setAdminActor(request: FastifyRequest, actor: string) {
  actors.set(request, actor);
}

export function adminActorOf(request: FastifyRequest): string | undefined {
  return actors.get(request);
}

/** One change for the activity log: the kind of content, the item (its id and a name a person reads) and the action. */
export interface ActivityChange {
  kind: string;
  itemId?: string | number | undefined;
  item: string;
  action: string;
}

export interface AdminActivity {
  /**
   * Records a change made by the request's operator (or the token). Give `tx` when the change runs in a
   * transaction: the entry is then written in it, and a rollback leaves none. A request that did not pass the
   * admin gate records nothing.
   */
  record(request: FastifyRequest, change: ActivityChange, tx?: AnyDb): Promise<void>;
  list(page: { limit: number; offset: number }): Promise<ActivityList>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The activity log of the admin API (shared/admin-activity.ts): the hook every admin write uses. */
    adminActivity: AdminActivity;
  }
}

/** What a list shows of an item: at most 300 characters of its name. */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);

// biome-ignore lint/suspicious/noExplicitAny: a feature's own view of the connection, or its transaction
type AnyDb = Kysely<any>;

/** The `admin_activity` table (db/core-migrations.ts '0046-admin-activity'): written, never updated. */
export function createAdminActivity(db: AnyDb, clock: Clock): AdminActivity {
  const core = tablesOf<CoreTables>(db);
  return {
    async record(request, change, tx) {
      const actor = adminActorOf(request);
      if (actor === undefined) return;
      await tablesOf<CoreTables>(tx ?? db)
        .insertInto('admin_activity')
        .values({
          at: clock.date().toISOString(),
          actor,
          kind: change.kind,
          item_id: change.itemId === undefined ? null : String(change.itemId),
          item: clip(change.item),
          action: change.action,
        })
        .execute();
    },
    async list({ limit, offset }) {
      const [rows, count] = await Promise.all([
        core
          .selectFrom('admin_activity')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        core
          .selectFrom('admin_activity')
          .select(core.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map(
          (row): ActivityEntry => ({
            id: row.id,
            at: row.at,
            actor: row.actor,
            kind: row.kind,
            itemId: row.item_id,
            item: row.item,
            action: row.action,
          }),
        ),
        total: Number(count.n),
      };
    },
  };
}

/** A name a person reads for an item of any kind: its title, name, question, … or its id. */
export function itemLabel(item: unknown, fallback: string): string {
  if (typeof item !== 'object' || item === null) return fallback;
  const record = item as Record<string, unknown>;
  for (const field of ['title', 'name', 'occasion', 'question', 'text', 'alt', 'url', 'code']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return fallback;
}
