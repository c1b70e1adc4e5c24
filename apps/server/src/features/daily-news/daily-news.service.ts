import { currentNewsItems, indiaDate } from '@hurryup/contracts/daily-news-rules';
import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { DailyNewsRepository } from './daily-news.repository.ts';
import type { DailyNewsTables } from './daily-news.tables.ts';

type Db = Kysely<DailyNewsTables>;

interface Records<Input, Output> {
  all(): Promise<Output[]>;
  find(input: Input, tx?: Db): Promise<Output | undefined>;
  insert(input: Input, tx?: Db): Promise<Output>;
  update(id: number, input: Input, tx?: Db): Promise<Output | undefined>;
  delete(id: number): Promise<boolean>;
  count(): Promise<number>;
}

/**
 * The operator's writes of one kind (admin API: `registerAdminCrud` says what changed) and the import's
 * upsert, which matches a stored record by its natural key.
 */
function recordWrites<Input, Output>(noun: string, records: Records<Input, Output>) {
  return {
    list: () => records.all(),
    async create(input: Input): Promise<Output> {
      return records.insert(input);
    },
    async update(id: number, input: Input): Promise<Output> {
      const updated = await records.update(id, input);
      if (!updated) throw notFoundById(noun, id);
      return updated;
    },
    async delete(id: number): Promise<void> {
      if (!(await records.delete(id))) throw notFoundById(noun, id);
    },
    async upsertInTransaction(tx: Db, input: Input): Promise<'created' | 'updated'> {
      const existing = (await records.find(input, tx)) as { id?: number; entryId?: number } | undefined;
      const id = existing?.entryId ?? existing?.id;
      if (id !== undefined) {
        await records.update(id, input, tx);
        return 'updated';
      }
      await records.insert(input, tx);
      return 'created';
    },
    isEmpty: async () => (await records.count()) === 0,
  };
}

/**
 * The daily news home's content: news items (shown while valid, India time, through the injected clock),
 * holiday and rain records.
 */
export function createDailyNewsService(repository: DailyNewsRepository, clock: Clock) {
  const today = () => indiaDate(clock.now());
  return {
    today,
    /** The items shown today: valid today or later, by id descending (ties in the order stored). */
    currentNews: async () => currentNewsItems(await repository.news.all(), today()),
    holidays: () => repository.holidays.all(),
    rains: () => repository.rains.all(),
    news: recordWrites('news item', repository.news),
    holiday: recordWrites('holiday', repository.holidays),
    rain: recordWrites('rain record', repository.rains),
  };
}
export type DailyNewsService = ReturnType<typeof createDailyNewsService>;
