import type {
  GalleryImage,
  GalleryImageInput,
  Video,
  VideoInput,
  WebStoryInput,
  WebStoryPage,
} from '@hurryup/contracts/gallery';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { syncIdSequence } from '../../db/id-sequence.ts';
import type { Clock } from '../../shared/clock.ts';
import { rowWriteQueries } from '../../shared/row-writes.ts';
import type { GalleryTables } from './galleries.tables.ts';

type Db = Kysely<GalleryTables>;
export type GalleryTable = keyof GalleryTables;

/** A stored story before the server adds its embedUrl. */
export interface StoredWebStory {
  id: number;
  title: string;
  thumbnailUrl?: string;
  pages: WebStoryPage[];
}

const toImage = (row: Selectable<GalleryTables['gallery_images']>): GalleryImage => ({
  id: row.id,
  url: row.url,
  alt: row.alt,
  width: row.width,
  height: row.height,
});
const toVideo = (row: Selectable<GalleryTables['gallery_videos']>): Video => ({
  id: row.id,
  title: row.title,
  vidurl: row.vidurl,
  imageUrl: row.image_url,
  width: row.width,
  height: row.height,
});
const toStory = (row: Selectable<GalleryTables['web_stories']>): StoredWebStory => ({
  id: row.id,
  title: row.title,
  ...(row.thumbnail_url === null ? {} : { thumbnailUrl: row.thumbnail_url }),
  pages: JSON.parse(row.pages) as WebStoryPage[],
});

const imageRow = (input: GalleryImageInput, now: string) => ({
  url: input.url,
  alt: input.alt,
  width: input.width,
  height: input.height,
  updated_at: now,
});
const videoRow = (input: VideoInput, now: string) => ({
  title: input.title,
  vidurl: input.vidurl,
  image_url: input.imageUrl,
  width: input.width,
  height: input.height,
  updated_at: now,
});
const storyRow = (input: WebStoryInput, now: string) => ({
  title: input.title,
  thumbnail_url: input.thumbnailUrl ?? null,
  pages: JSON.stringify(input.pages),
  updated_at: now,
});

/** Every query on the gallery tables. Methods that take `tx` run inside a caller's transaction when given one. */
export function createGalleryRepository(db: Db, dialect: DialectName, clock: Pick<Clock, 'date'>) {
  const writes = { db, clock };
  const imagesWrites = rowWriteQueries({
    ...writes,
    table: 'gallery_images',
    toRow: imageRow,
    fromRow: toImage,
  });
  const videosWrites = rowWriteQueries({
    ...writes,
    table: 'gallery_videos',
    toRow: videoRow,
    fromRow: toVideo,
  });
  const storiesWrites = rowWriteQueries({
    ...writes,
    table: 'web_stories',
    toRow: storyRow,
    fromRow: toStory,
  });
  async function count(table: GalleryTable, tx: Db = db): Promise<number> {
    const row = await tx
      .selectFrom(table)
      .select(tx.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  async function remove(table: GalleryTable, id: number): Promise<boolean> {
    const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
  async function exists(table: GalleryTable, id: number, tx: Db = db): Promise<boolean> {
    return (await tx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  return {
    count,
    remove,
    exists,
    syncIdSequence: (table: GalleryTable, tx: Db = db) => syncIdSequence(tx, dialect, table),

    images: {
      async list(): Promise<GalleryImage[]> {
        return (await db.selectFrom('gallery_images').selectAll().orderBy('id', 'desc').execute()).map(
          toImage,
        );
      },
      async findByUrl(url: string, tx: Db = db): Promise<GalleryImage | undefined> {
        const row = await tx
          .selectFrom('gallery_images')
          .selectAll()
          .where('url', '=', url)
          .executeTakeFirst();
        return row ? toImage(row) : undefined;
      },
      insert: (input: GalleryImageInput, tx: Db = db) => imagesWrites.insert(input, tx, input.id),
      update: imagesWrites.update,
    },

    videos: {
      async list(): Promise<Video[]> {
        return (await db.selectFrom('gallery_videos').selectAll().orderBy('id', 'desc').execute()).map(
          toVideo,
        );
      },
      insert: (input: VideoInput, tx: Db = db) => videosWrites.insert(input, tx, input.id),
      update: videosWrites.update,
    },

    stories: {
      async list(): Promise<StoredWebStory[]> {
        return (await db.selectFrom('web_stories').selectAll().orderBy('id', 'desc').execute()).map(toStory);
      },
      async get(id: number): Promise<StoredWebStory | undefined> {
        const row = await db.selectFrom('web_stories').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? toStory(row) : undefined;
      },
      insert: (input: WebStoryInput, tx: Db = db) => storiesWrites.insert(input, tx, input.id),
      update: storiesWrites.update,
    },
  };
}
export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
