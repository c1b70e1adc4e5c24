import type { ReportStatus } from '@hurryup/contracts/report-rules';
import type { Kysely } from 'kysely';
import type { ReportTables } from './reports.tables.ts';

type Db = Kysely<ReportTables>;

/** An item's reports together, as the operator's list shows them. */
export interface ReportGroup {
  kind: string;
  key: string;
  reports: number;
  open: number;
  firstReportedAt: string;
  lastReportedAt: string;
}

/** Every query on `reports`. */
export function createReportRepository(db: Db) {
  function grouped() {
    return db
      .selectFrom('reports')
      .select((eb) => [
        'kind',
        'target_key',
        eb.fn.countAll<number | string>().as('reports'),
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'open').then(1).else(0).end()).as('open'),
        eb.fn.min<string>('created_at').as('first_at'),
        eb.fn.max<string>('created_at').as('last_at'),
      ])
      .groupBy(['kind', 'target_key']);
  }
  type Row = {
    kind: string;
    target_key: string;
    reports: number | string;
    open: number | string | null;
    first_at: string;
    last_at: string;
  };
  // PostgreSQL's count and sum arrive as text.
  const groupOf = (row: Row): ReportGroup => ({
    kind: row.kind,
    key: row.target_key,
    reports: Number(row.reports),
    open: Number(row.open ?? 0),
    firstReportedAt: row.first_at,
    lastReportedAt: row.last_at,
  });
  return {
    async insert(row: { kind: string; target_key: string; created_at: string; visitor_hash: string }) {
      await db
        .insertInto('reports')
        .values({ ...row, status: 'open' })
        .execute();
    },
    /** Whether this visitor has an open report of this item. */
    async openBy(kind: string, key: string, visitorHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('kind', '=', kind)
        .where('target_key', '=', key)
        .where('status', '=', 'open')
        .where('visitor_hash', '=', visitorHash)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Reported items, most recently reported first: those with open reports, with none, or all. */
    async groups(query: {
      status: ReportStatus | 'all';
      limit: number;
      offset: number;
    }): Promise<ReportGroup[]> {
      let select = grouped();
      if (query.status !== 'all') {
        const comparison = query.status === 'open' ? '>' : '=';
        select = select.having(
          (eb) => eb.fn.sum(eb.case().when('status', '=', 'open').then(1).else(0).end()),
          comparison,
          0,
        );
      }
      const rows = await select
        .orderBy((eb) => eb.fn.max('created_at'), 'desc')
        .orderBy('kind')
        .orderBy('target_key')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return rows.map(groupOf);
    },
    async group(kind: string, key: string): Promise<ReportGroup | undefined> {
      const row = await grouped().where('kind', '=', kind).where('target_key', '=', key).executeTakeFirst();
      return row && groupOf(row);
    },
    /** Sets the status of all of an item's reports; how many it has. */
    async setStatus(kind: string, key: string, status: ReportStatus): Promise<number> {
      const result = await db
        .updateTable('reports')
        .set({ status })
        .where('kind', '=', kind)
        .where('target_key', '=', key)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Reports of each of these items, closed ones too. */
    async counts(kind: string, keys: readonly string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('reports')
        .select((eb) => ['target_key', eb.fn.countAll<number | string>().as('n')])
        .where('kind', '=', kind)
        .where('target_key', 'in', keys)
        .groupBy('target_key')
        .execute();
      return new Map(rows.map((row) => [row.target_key, Number(row.n)]));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
