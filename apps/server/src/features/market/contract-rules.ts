import { errorCodes } from '@hurryup/contracts/errors';
import {
  type NiftyExpiryWeekday,
  type NiftyExpiryWeekdayInput,
  type NiftyLotSize,
  type NiftyLotSizeInput,
  niftyExpiryWeekdayNames,
} from '@hurryup/contracts/market';
import {
  checkContractRules,
  type ExpiryWeekday,
  type NiftyContractRules,
  niftyContractLotRule,
  niftyExpiryWeekdayRule,
} from '@hurryup/market/nifty-contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { MarketTables } from './market.tables.ts';
import { readContractRules } from './market-data.ts';

/**
 * NIFTY's contract rules as data (decision 0046): the operator's calls on the lot-size and expiry-weekday
 * tables, refusing a write after which the tables would not hold together (checkContractRules), and the
 * readiness check that warns before the rules stop covering the expiries ahead.
 */

type LotRow = MarketTables['market_lot_sizes'] & { id: number };
type WeekdayRow = MarketTables['market_expiry_weekdays'] & { id: number };

const toLotSize = (row: LotRow): NiftyLotSize => ({
  id: Number(row.id),
  from: row.from_date,
  basis: row.basis as NiftyLotSize['basis'],
  lotSize: Number(row.lot_size),
  circular: row.circular,
  until: row.until_date,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const weekdayName = (weekday: number) => niftyExpiryWeekdayNames[weekday - 1] ?? 'monday';
const weekdayNumber = (name: NiftyExpiryWeekdayInput['weekday']) =>
  (niftyExpiryWeekdayNames.indexOf(name) + 1) as ExpiryWeekday;

const toExpiryWeekday = (row: WeekdayRow): NiftyExpiryWeekday => ({
  id: Number(row.id),
  from: row.from_date,
  weekday: weekdayName(Number(row.weekday)),
  circular: row.circular,
  until: row.until_date,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A write refused because the resulting rules would not hold together: 400 with the problems in words. */
function refusedRules(problems: readonly string[]): HttpError {
  const message = `This change would leave the contract rules wrong: ${problems.join(' ')}`;
  return new HttpError(400, errorCodes.validation, message, { from: problems[0]! });
}

/** The operator's calls on the two tables (registered with registerAdminCrud, kind 'market'). */
export function createContractRulesAdmin(db: Kysely<MarketTables>, clock: Pick<Clock, 'date'>) {
  /** Runs `write` in a transaction and refuses it (rolled back) when the rules it leaves fail the check. */
  async function checked<T>(write: (tx: Kysely<MarketTables>) => Promise<T>, conflict: string): Promise<T> {
    try {
      return await db.transaction().execute(async (tx) => {
        const written = await write(tx);
        const problems = checkContractRules(await readContractRules(tx));
        if (problems.length > 0) throw refusedRules(problems);
        return written;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, errorCodes.conflict, conflict, { from: conflict });
      throw error;
    }
  }
  const stamp = () => clock.date().toISOString();

  const lotValues = (input: NiftyLotSizeInput) => ({
    from_date: input.from,
    basis: input.basis,
    lot_size: input.lotSize,
    circular: input.circular,
    until_date: input.until ?? null,
    updated_at: stamp(),
  });
  const lotConflict = (input: { from: string }) => `The lot-size table already has a row from ${input.from}.`;
  async function findLot(id: number, on: Kysely<MarketTables> = db): Promise<NiftyLotSize> {
    const row = await on.selectFrom('market_lot_sizes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundById('NIFTY lot size', id);
    return toLotSize(row as LotRow);
  }

  const weekdayValues = (input: NiftyExpiryWeekdayInput) => ({
    from_date: input.from,
    weekday: weekdayNumber(input.weekday),
    circular: input.circular,
    until_date: input.until ?? null,
    updated_at: stamp(),
  });
  const weekdayConflict = (input: { from: string }) =>
    `The expiry-weekday table already has a row from ${input.from}.`;
  async function findWeekday(id: number, on: Kysely<MarketTables> = db): Promise<NiftyExpiryWeekday> {
    const row = await on
      .selectFrom('market_expiry_weekdays')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFoundById('NIFTY expiry weekday', id);
    return toExpiryWeekday(row as WeekdayRow);
  }

  return {
    lotSizes: {
      async list(): Promise<NiftyLotSize[]> {
        const rows = await db.selectFrom('market_lot_sizes').selectAll().orderBy('from_date').execute();
        return rows.map((row) => toLotSize(row as LotRow));
      },
      create: (input: NiftyLotSizeInput) =>
        checked(async (tx) => {
          const { id } = await tx
            .insertInto('market_lot_sizes')
            .values({ ...lotValues(input), created_at: stamp() })
            .returning('id')
            .executeTakeFirstOrThrow();
          return findLot(Number(id), tx);
        }, lotConflict(input)),
      async update(id: number, input: NiftyLotSizeInput): Promise<NiftyLotSize> {
        await findLot(id);
        return checked(async (tx) => {
          await tx.updateTable('market_lot_sizes').set(lotValues(input)).where('id', '=', id).execute();
          return findLot(id, tx);
        }, lotConflict(input));
      },
      async delete(id: number): Promise<void> {
        await findLot(id);
        await checked(async (tx) => {
          await tx.deleteFrom('market_lot_sizes').where('id', '=', id).execute();
        }, '');
      },
    },
    expiryWeekdays: {
      async list(): Promise<NiftyExpiryWeekday[]> {
        const rows = await db.selectFrom('market_expiry_weekdays').selectAll().orderBy('from_date').execute();
        return rows.map((row) => toExpiryWeekday(row as WeekdayRow));
      },
      create: (input: NiftyExpiryWeekdayInput) =>
        checked(async (tx) => {
          const { id } = await tx
            .insertInto('market_expiry_weekdays')
            .values({ ...weekdayValues(input), created_at: stamp() })
            .returning('id')
            .executeTakeFirstOrThrow();
          return findWeekday(Number(id), tx);
        }, weekdayConflict(input)),
      async update(id: number, input: NiftyExpiryWeekdayInput): Promise<NiftyExpiryWeekday> {
        await findWeekday(id);
        return checked(async (tx) => {
          await tx
            .updateTable('market_expiry_weekdays')
            .set(weekdayValues(input))
            .where('id', '=', id)
            .execute();
          return findWeekday(id, tx);
        }, weekdayConflict(input));
      },
      async delete(id: number): Promise<void> {
        await findWeekday(id);
        await checked(async (tx) => {
          await tx.deleteFrom('market_expiry_weekdays').where('id', '=', id).execute();
        }, '');
      },
    },
  };
}

/** How many days ahead the contract rules must reach: the option studies price three months of expiries. */
export const contractRulesHorizonDays = 90;

type StoredRow = { from_date: string; circular: string; until_date: string | null };

/** A circular's name for a message: its text up to the first ': ' (the seed's rows explain after it). */
function circularName(circular: string): string {
  const name = circular.split(': ')[0]!.trim();
  return name.length > 120 ? `${name.slice(0, 119)}…` : name;
}

/**
 * The readiness of the contract rules (check 'contract-rules', docs/operations.md "Readiness"): a warning
 * when an expiry of the next 90 days has no lot-size or weekday row that covers it (the deciding row's
 * `until` before it), or when the newest row of either table is known to end within 90 days; ok names the
 * newest circular of each table.
 */
export async function contractRulesReadiness(input: {
  db: Kysely<MarketTables>;
  rules: NiftyContractRules;
  today: string;
  horizon: string;
  /** The expiries from today to `horizon`, as the market service lists them (dataHorizon). */
  expiries: readonly string[];
}): Promise<{ state: 'ok' | 'warning'; message: string }> {
  const { db, rules, today, horizon, expiries } = input;
  const [lots, weekdays] = await Promise.all([
    db
      .selectFrom('market_lot_sizes')
      .select(['from_date', 'circular', 'until_date'])
      .orderBy('from_date')
      .execute(),
    db
      .selectFrom('market_expiry_weekdays')
      .select(['from_date', 'circular', 'until_date'])
      .orderBy('from_date')
      .execute(),
  ]);
  const tables = [
    { what: 'NIFTY lot sizes', rows: lots as StoredRow[] },
    { what: 'NIFTY expiry weekdays', rows: weekdays as StoredRow[] },
  ];
  const problems: string[] = [];
  for (const { what, rows } of tables) {
    const newest = rows.at(-1);
    if (!newest) problems.push(`The table of ${what} has no row.`);
    else if (newest.until_date !== null && newest.until_date <= horizon)
      problems.push(
        `The newest row of ${what} (from ${newest.from_date}) covers expiries until ${newest.until_date}: no entry for the next 3 months; add the row of NSE's next circular.`,
      );
  }
  if (problems.length === 0) {
    const untilOf = (rows: readonly StoredRow[], from: string) =>
      rows.find((r) => r.from_date === from)?.until_date;
    for (const expiry of expiries) {
      const lotRule = niftyContractLotRule({ expiry, kind: 'weekly', listedOn: today }, today, rules);
      const lotUntil = lotRule && untilOf(lots, lotRule.from);
      if (!lotRule || (lotUntil && lotUntil < expiry)) {
        problems.push(
          `No row of NIFTY lot sizes covers the expiry of ${expiry}${lotRule ? ` (the row from ${lotRule.from} ends on ${lotUntil})` : ''}: add the row of NSE's next circular.`,
        );
        break;
      }
      const weekdayRule = niftyExpiryWeekdayRule(expiry, rules);
      const weekdayUntil = weekdayRule && untilOf(weekdays, weekdayRule.from);
      if (!weekdayRule || (weekdayUntil && weekdayUntil < expiry)) {
        problems.push(
          `No row of NIFTY expiry weekdays covers the expiry of ${expiry}${weekdayRule ? ` (the row from ${weekdayRule.from} ends on ${weekdayUntil})` : ''}: add the row of NSE's next circular.`,
        );
        break;
      }
    }
  }
  if (problems.length > 0) return { state: 'warning', message: problems.join(' ') };
  return {
    state: 'ok',
    message: `Lot sizes from ${circularName(lots.at(-1)!.circular)} (row from ${lots.at(-1)!.from_date}); expiry weekdays from ${circularName(weekdays.at(-1)!.circular)} (row from ${weekdays.at(-1)!.from_date}).`,
  };
}
