import type {
  Holiday,
  HolidayInput,
  NewsItem,
  NewsItemInput,
  Rain,
  RainInput,
} from '@hurryup/contracts/daily-news';
import type { Kysely, Selectable } from 'kysely';
import { rowWriteQueries } from '../../shared/row-writes.ts';
import type { DailyNewsTables } from './daily-news.tables.ts';

type Db = Kysely<DailyNewsTables>;
type NewsRow = Selectable<DailyNewsTables['news_items']>;

const toNewsItem = (row: NewsRow): NewsItem => ({
  entryId: row.id,
  id: row.news_id,
  text: row.text,
  validity: row.validity,
  ...(row.flink ? { flink: row.flink } : {}),
  ...(row.alink ? { alink: row.alink } : {}),
  ...(row.link ? { link: row.link } : {}),
});

const newsRowOf = (input: NewsItemInput, now: string) => ({
  news_id: input.id,
  text: input.text,
  validity: input.validity,
  flink: input.flink ?? null,
  alink: input.alink ?? null,
  link: input.link ?? null,
  updated_at: now,
});

const toHoliday = (row: Selectable<DailyNewsTables['holidays']>): Holiday => ({
  id: row.id,
  date: row.date,
  occasion: row.occasion,
  description: row.description,
});

const toRain = (row: Selectable<DailyNewsTables['rains']>): Rain => ({
  id: row.id,
  date: row.date,
  name: row.name,
  description: row.description,
});

async function countOf(db: Db, table: keyof DailyNewsTables): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(db.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every query on `news_items`, `holidays` and `rains`. Methods taking `tx` run inside an import's transaction. */
export function createDailyNewsRepository(db: Db) {
  const newsWrites = rowWriteQueries({ db, table: 'news_items', toRow: newsRowOf, fromRow: toNewsItem });
  const holidayWrites = rowWriteQueries({
    db,
    table: 'holidays',
    toRow: (input: HolidayInput, now: string) => ({ ...input, updated_at: now }),
    fromRow: toHoliday,
  });
  const rainWrites = rowWriteQueries({
    db,
    table: 'rains',
    toRow: (input: RainInput, now: string) => ({ ...input, updated_at: now }),
    fromRow: toRain,
  });
  return {
    news: {
      async all(): Promise<NewsItem[]> {
        const rows = await db
          .selectFrom('news_items')
          .selectAll()
          .orderBy('news_id', 'desc')
          .orderBy('id', 'asc')
          .execute();
        return rows.map(toNewsItem);
      },
      /** An import's item is the stored one with the same id and text. */
      async find(input: NewsItemInput, tx: Db = db): Promise<NewsItem | undefined> {
        const row = await tx
          .selectFrom('news_items')
          .selectAll()
          .where('news_id', '=', input.id)
          .where('text', '=', input.text)
          .orderBy('id')
          .executeTakeFirst();
        return row ? toNewsItem(row) : undefined;
      },
      count: () => countOf(db, 'news_items'),
      ...newsWrites,
    },
    holidays: {
      async all(): Promise<Holiday[]> {
        const rows = await db.selectFrom('holidays').selectAll().orderBy('date').orderBy('id').execute();
        return rows.map(toHoliday);
      },
      async find(input: HolidayInput, tx: Db = db): Promise<Holiday | undefined> {
        const row = await tx
          .selectFrom('holidays')
          .selectAll()
          .where('date', '=', input.date)
          .where('occasion', '=', input.occasion)
          .executeTakeFirst();
        return row ? toHoliday(row) : undefined;
      },
      count: () => countOf(db, 'holidays'),
      ...holidayWrites,
    },
    rains: {
      async all(): Promise<Rain[]> {
        const rows = await db.selectFrom('rains').selectAll().orderBy('date').orderBy('id').execute();
        return rows.map(toRain);
      },
      async find(input: RainInput, tx: Db = db): Promise<Rain | undefined> {
        const row = await tx
          .selectFrom('rains')
          .selectAll()
          .where('date', '=', input.date)
          .where('name', '=', input.name)
          .executeTakeFirst();
        return row ? toRain(row) : undefined;
      },
      count: () => countOf(db, 'rains'),
      ...rainWrites,
    },
  };
}
export type DailyNewsRepository = ReturnType<typeof createDailyNewsRepository>;
