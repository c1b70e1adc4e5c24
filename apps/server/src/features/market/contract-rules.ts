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

type RuleTable = 'market_lot_sizes' | 'market_expiry_weekdays';

/**
 * One table's list / create / update / delete (the CrudService registerAdminCrud takes): each write in a
 * transaction, refused and rolled back (400, the problems in words) when the rules it leaves fail
 * checkContractRules; a second row on a date is 409 beside the date.
 */
function ruleRowsAdmin<Input extends { from: string; circular: string; until?: string | undefined }, Item>(
  db: Kysely<MarketTables>,
  clock: Pick<Clock, 'date'>,
  table: RuleTable,
  options: {
    /** 'NIFTY lot size', for 404s. */
    noun: string;
    /** 'lot-size', for 409s. */
    tableWords: string;
    toItem(row: Record<string, unknown>): Item;
    /** The row's own columns from the input (from_date, circular and until_date are written here). */
    columns(input: Input): Record<string, unknown>;
  },
) {
  // The two tables differ only in their own columns: the queries are written once for both.
  const rules = db as unknown as Kysely<Record<RuleTable, MarketTables['market_lot_sizes']>>;
  const values = (input: Input) => ({
    from_date: input.from,
    circular: input.circular,
    until_date: input.until ?? null,
    updated_at: clock.date().toISOString(),
    ...options.columns(input),
  });
  async function checked<T>(write: (tx: typeof rules) => Promise<T>, input?: Input): Promise<T> {
    try {
      return await rules.transaction().execute(async (tx) => {
        const written = await write(tx);
        const problems = checkContractRules(await readContractRules(tx as unknown as Kysely<MarketTables>));
        if (problems.length > 0) throw refusedRules(problems);
        return written;
      });
    } catch (error) {
      if (input && isUniqueViolation(error)) {
        const conflict = `The ${options.tableWords} table already has a row from ${input.from}.`;
        throw new HttpError(409, errorCodes.conflict, conflict, { from: conflict });
      }
      throw error;
    }
  }
  async function find(id: number, on: typeof rules = rules): Promise<Item> {
    const row = await on.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundById(options.noun, id);
    return options.toItem(row);
  }
  return {
    async list(): Promise<Item[]> {
      const rows = await rules.selectFrom(table).selectAll().orderBy('from_date').execute();
      return rows.map((row) => options.toItem(row));
    },
    create: (input: Input) =>
      checked(async (tx) => {
        const { id } = await tx
          .insertInto(table)
          .values({ ...values(input), created_at: clock.date().toISOString() } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        return find(Number(id), tx);
      }, input),
    async update(id: number, input: Input): Promise<Item> {
      await find(id);
      return checked(async (tx) => {
        await tx
          .updateTable(table)
          .set(values(input) as never)
          .where('id', '=', id)
          .execute();
        return find(id, tx);
      }, input);
    },
    async delete(id: number): Promise<void> {
      await find(id);
      await checked(async (tx) => {
        await tx.deleteFrom(table).where('id', '=', id).execute();
      });
    },
  };
}

/** The operator's calls on the two tables (registered with registerAdminCrud, kind 'market'). */
export function createContractRulesAdmin(db: Kysely<MarketTables>, clock: Pick<Clock, 'date'>) {
  return {
    lotSizes: ruleRowsAdmin<NiftyLotSizeInput, NiftyLotSize>(db, clock, 'market_lot_sizes', {
      noun: 'NIFTY lot size',
      tableWords: 'lot-size',
      toItem: (row) => toLotSize(row as LotRow),
      columns: (input) => ({ basis: input.basis, lot_size: input.lotSize }),
    }),
    expiryWeekdays: ruleRowsAdmin<NiftyExpiryWeekdayInput, NiftyExpiryWeekday>(
      db,
      clock,
      'market_expiry_weekdays',
      {
        noun: 'NIFTY expiry weekday',
        tableWords: 'expiry-weekday',
        toItem: (row) => toExpiryWeekday(row as WeekdayRow),
        columns: (input) => ({ weekday: weekdayNumber(input.weekday) }),
      },
    ),
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
