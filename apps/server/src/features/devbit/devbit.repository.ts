import type { DevbitAdminImage, DevbitImageInput } from '@hurryup/contracts/devbit';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { syncIdSequence } from '../../db/id-sequence.ts';
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
    async insert(input: DevbitImageInput, tx: Db = db): Promise<DevbitAdminImage> {
      const values = { ...toRow(input, new Date().toISOString()), ...(input.id ? { id: input.id } : {}) };
      return toImage(
        await tx.insertInto('devbit_images').values(values).returningAll().executeTakeFirstOrThrow(),
      );
    },
    async update(id: number, input: DevbitImageInput, tx: Db = db): Promise<DevbitAdminImage | undefined> {
      const row = await tx
        .updateTable('devbit_images')
        .set(toRow(input, new Date().toISOString()))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toImage(row) : undefined;
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('devbit_images').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    syncIdSequence: (tx: Db = db) => syncIdSequence(tx, dialect, 'devbit_images'),
  };
}
export type DevbitRepository = ReturnType<typeof createDevbitRepository>;
