import { uploadUrlPrefix } from '@hurryup/contracts/upload-rules';
import type { Upload } from '@hurryup/contracts/uploads';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { UploadTables } from './uploads.tables.ts';

type Row = Selectable<UploadTables['uploads']>;

const toUpload = (row: Row): Upload => ({
  id: row.id,
  url: `${uploadUrlPrefix}${row.file_name}`,
  alt: row.alt,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.created_at,
});

/** Every query on `uploads`. */
export function createUploadRepository(db: Kysely<UploadTables>) {
  return {
    async insert(values: Insertable<UploadTables['uploads']>): Promise<Upload> {
      return toUpload(await db.insertInto('uploads').values(values).returningAll().executeTakeFirstOrThrow());
    },
    async list(): Promise<Upload[]> {
      return (await db.selectFrom('uploads').selectAll().orderBy('id', 'desc').execute()).map(toUpload);
    },
    async findByFileName(fileName: string): Promise<Upload | undefined> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('file_name', '=', fileName)
        .executeTakeFirst();
      return row ? toUpload(row) : undefined;
    },
  };
}
