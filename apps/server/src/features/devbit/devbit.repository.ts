import type { DevbitAdminImage, DevbitImageInput } from '@hurryup/contracts/devbit';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { syncIdSequence } from '../../db/id-sequence.ts';
import { rowWriteQueries } from '../../shared/row-writes.ts';
import type { DevbitTables } from './devbit.tables.ts';

type Db = Kysely<DevbitTables>;
type Row = Selectable<DevbitTables['devbit_images']>;

const toImage = (row: Row): DevbitAdminImage => ({
  id: row.id,
  category: row.category,
  url: row.url,
  alt: row.alt,
  width: row.width,
  height: row.height,
});

const toRow = (input: DevbitImageInput, now: string) => ({
  category: input.category,
  url: input.url,
  alt: input.alt,
  width: input.width,
  height: input.height,
  updated_at: now,
});

/** Every query on `devbit_images`. Methods that take `tx` run inside a caller's transaction when given one. */
export function createDevbitRepository(db: Db, dialect: DialectName) {
  const writes = rowWriteQueries({ db, table: 'devbit_images', toRow, fromRow: toImage });
  return {
    async list(): Promise<DevbitAdminImage[]> {
      const rows = await db
        .selectFrom('devbit_images')
        .selectAll()
        .orderBy('category')
        .orderBy('id')
        .execute();
      return rows.map(toImage);
    },
    async sitemapRows(): Promise<{ url: string; updatedAt: string }[]> {
      const rows = await db.selectFrom('devbit_images').select(['url', 'updated_at']).execute();
      return rows.map((row) => ({ url: row.url, updatedAt: row.updated_at }));
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('devbit_images')
        .select(db.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async get(id: number, tx: Db = db): Promise<DevbitAdminImage | undefined> {
      const row = await tx.selectFrom('devbit_images').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toImage(row) : undefined;
    },
    async findByUrl(url: string, tx: Db = db): Promise<DevbitAdminImage | undefined> {
      const row = await tx.selectFrom('devbit_images').selectAll().where('url', '=', url).executeTakeFirst();
      return row ? toImage(row) : undefined;
    },
    /** Imports may keep the id a file gives. */
    insert: (input: DevbitImageInput, tx: Db = db) => writes.insert(input, tx, input.id),
    update: writes.update,
    delete: writes.delete,
    syncIdSequence: (tx: Db = db) => syncIdSequence(tx, dialect, 'devbit_images'),
  };
}
export type DevbitRepository = ReturnType<typeof createDevbitRepository>;
