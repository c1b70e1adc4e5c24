import { errorCodes } from '@hurryup/contracts/errors';
import { isScheduledEvent, type MarketEvent, type MarketEventInput } from '@hurryup/contracts/market';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { MarketTables } from './market.tables.ts';

/** Where an event written by the operator's calls comes from (the `source` column). */
const adminSource = 'admin';

type Row = MarketTables['market_events'] & { id: number };

const toEvent = (row: Row): MarketEvent => ({
  id: Number(row.id),
  date: row.date,
  event: row.title,
  kind: row.kind as MarketEvent['kind'],
  impact: row.impact,
  scheduled: Number(row.scheduled) !== 0,
  source: row.source,
  updatedAt: row.updated_at,
});

/**
 * The operator's calls on the event calendar: one event per date and kind. `scheduled` is kept as given;
 * when absent, it is read from the text as the importers read it ("unscheduled", "off-cycle", "emergency").
 */
export function createMarketEventsAdmin(db: Kysely<MarketTables>, clock: Pick<Clock, 'date'>) {
  const conflict = (input: MarketEventInput) => {
    const message = `The calendar already has a ${input.kind} event on ${input.date}.`;
    return new HttpError(409, errorCodes.conflict, message, { date: message });
  };
  const values = (input: MarketEventInput) => ({
    date: input.date,
    kind: input.kind,
    title: input.event,
    impact: input.impact,
    scheduled: isScheduledEvent(input) ? 1 : 0,
    source: adminSource,
    updated_at: clock.date().toISOString(),
  });
  async function find(id: number): Promise<MarketEvent> {
    const row = await db.selectFrom('market_events').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundById('market event', id);
    return toEvent(row as Row);
  }
  async function guarded<T>(input: MarketEventInput, ownId: number | undefined, write: () => Promise<T>) {
    const owner = await db
      .selectFrom('market_events')
      .select('id')
      .where('date', '=', input.date)
      .where('kind', '=', input.kind)
      .executeTakeFirst();
    if (owner && Number(owner.id) !== ownId) throw conflict(input);
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(input);
      throw error;
    }
  }
  return {
    async list(): Promise<MarketEvent[]> {
      const rows = await db.selectFrom('market_events').selectAll().orderBy('date').orderBy('kind').execute();
      return rows.map((row) => toEvent(row as Row));
    },
    async create(input: MarketEventInput): Promise<MarketEvent> {
      const inserted = await guarded(input, undefined, () =>
        db.insertInto('market_events').values(values(input)).returning('id').executeTakeFirstOrThrow(),
      );
      return find(Number(inserted.id));
    },
    async update(id: number, input: MarketEventInput): Promise<MarketEvent> {
      await find(id);
      await guarded(input, id, () =>
        db.updateTable('market_events').set(values(input)).where('id', '=', id).execute(),
      );
      return find(id);
    },
    async delete(id: number): Promise<void> {
      const result = await db.deleteFrom('market_events').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFoundById('market event', id);
    },
  };
}
