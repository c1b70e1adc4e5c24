import type {
  Mover,
  MoverInput,
  Offer,
  OfferInput,
  Referral,
  ReferralInput,
} from '@hurryup/contracts/offers';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { syncIdSequence } from '../../db/id-sequence.ts';
import { rowWriteQueries } from '../../shared/row-writes.ts';
import type { OffersTables } from './offers.tables.ts';

type Db = Kysely<OffersTables>;
type ListTable = keyof OffersTables;
// One of this feature's three tables, chosen by name; its rows are typed through each list's `fromRow`.
// biome-ignore lint/suspicious/noExplicitAny: see above
type ByName = Kysely<any>;
const byName = (db: Db) => db as ByName;

const priceOf = (json: string): string | number => {
  const value: unknown = JSON.parse(json);
  return typeof value === 'number' || typeof value === 'string' ? value : '';
};

const toOffer = (row: Selectable<OffersTables['offers']>): Offer => ({
  id: row.id,
  title: row.title,
  price: priceOf(row.price_json),
  discount: Number(row.discount),
  link: row.link,
  imageUrl: row.image_url,
  width: row.width,
  height: row.height,
  site: row.site,
  flag: row.flag as Offer['flag'],
  desr: row.desr,
  validity: row.validity,
});
const offerRow = (input: OfferInput, now: string) => ({
  title: input.title,
  price_json: JSON.stringify(input.price),
  discount: input.discount,
  link: input.link,
  image_url: input.imageUrl,
  width: input.width,
  height: input.height,
  site: input.site,
  flag: input.flag,
  desr: input.desr,
  validity: input.validity ?? null,
  updated_at: now,
});

const toMover = (row: Selectable<OffersTables['movers']>): Mover => ({
  id: row.id,
  title: row.title,
  price: priceOf(row.price_json),
  rankChange: row.rank_change,
  site: row.site,
  link: row.link,
  imageUrl: row.image_url,
  width: row.width,
  height: row.height,
});
const moverRow = (input: MoverInput, now: string) => ({
  title: input.title,
  price_json: JSON.stringify(input.price),
  rank_change: input.rankChange,
  site: input.site,
  link: input.link,
  image_url: input.imageUrl,
  width: input.width,
  height: input.height,
  updated_at: now,
});

const toReferral = (row: Selectable<OffersTables['referrals']>): Referral => ({
  id: row.id,
  app: row.app,
  bonus: row.bonus,
  code: row.code,
  link: row.link,
  terms: row.terms,
  imageUrl: row.image_url,
  width: row.width,
  height: row.height,
  alt: row.alt,
});
const referralRow = (input: ReferralInput, now: string) => ({
  app: input.app,
  bonus: input.bonus,
  code: input.code,
  link: input.link,
  terms: input.terms,
  image_url: input.imageUrl,
  width: input.width,
  height: input.height,
  alt: input.alt,
  updated_at: now,
});

/**
 * The queries one list needs: all rows in the list's order, one by id, one by its natural key (what an
 * import without ids matches on), the count, and the shared writes. `tx` is a caller's transaction.
 */
function listQueries<T extends ListTable, Input extends { id?: number | undefined }, Output>(
  db: Db,
  dialect: DialectName,
  table: T,
  options: {
    toRow: (input: Input, now: string) => object;
    fromRow: (row: Selectable<OffersTables[T]>) => Output;
    keyColumn: 'title' | 'app';
    order: [column: string, direction: 'asc' | 'desc'][];
  },
) {
  const anyDb = byName(db);
  const name: string = table;
  const fromRow = options.fromRow as (row: unknown) => Output;
  const writes = rowWriteQueries({ db: anyDb, table: name, toRow: options.toRow, fromRow });
  return {
    async list(): Promise<Output[]> {
      let query = anyDb.selectFrom(name).selectAll();
      for (const [column, direction] of options.order) query = query.orderBy(column, direction);
      return (await query.orderBy('id').execute()).map(fromRow);
    },
    async get(id: number, tx: Db = db): Promise<Output | undefined> {
      const row = await byName(tx).selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
    async idByKey(key: string, tx: Db = db): Promise<number | undefined> {
      const row = await byName(tx)
        .selectFrom(name)
        .select('id')
        .where(options.keyColumn, '=', key)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id as number | undefined;
    },
    async count(): Promise<number> {
      const row = await anyDb
        .selectFrom(name)
        .select(anyDb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    insert: (input: Input, tx: Db = db) => writes.insert(input, tx, input.id),
    update: (id: number, input: Input, tx: Db = db) => writes.update(id, input, tx),
    delete: writes.delete,
    syncIdSequence: (tx: Db = db) => syncIdSequence(tx, dialect, name),
  };
}
/** Every query on `offers`, `movers` and `referrals`. */
export function createOffersRepository(db: Db, dialect: DialectName) {
  return {
    // The order the operator's files give, which is the order the cards appear in.
    offers: listQueries(db, dialect, 'offers', {
      toRow: offerRow,
      fromRow: toOffer,
      keyColumn: 'title',
      order: [],
    }),
    movers: listQueries(db, dialect, 'movers', {
      toRow: moverRow,
      fromRow: toMover,
      keyColumn: 'title',
      order: [['rank_change', 'desc']],
    }),
    referrals: listQueries(db, dialect, 'referrals', {
      toRow: referralRow,
      fromRow: toReferral,
      keyColumn: 'app',
      order: [],
    }),
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
