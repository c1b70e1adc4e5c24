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

const now = () => new Date().toISOString();
const imageRow = (input: GalleryImageInput) => ({
  url: input.url,
  alt: input.alt,
  width: input.width,
  height: input.height,
  updated_at: now(),
});
const videoRow = (input: VideoInput) => ({
  title: input.title,
  vidurl: input.vidurl,
  image_url: input.imageUrl,
  width: input.width,
  height: input.height,
  updated_at: now(),
});
const storyRow = (input: WebStoryInput) => ({
  title: input.title,
  thumbnail_url: input.thumbnailUrl ?? null,
  pages: JSON.stringify(input.pages),
  updated_at: now(),
});
const withId = <T>(values: T, id: number | undefined) => ({ ...values, ...(id ? { id } : {}) });

/** Every query on the gallery tables. Methods that take `tx` run inside a caller's transaction when given one. */
export function createGalleryRepository(db: Db, dialect: DialectName) {
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
      async insert(input: GalleryImageInput, tx: Db = db): Promise<GalleryImage> {
        const values = withId(imageRow(input), input.id);
        return toImage(
          await tx.insertInto('gallery_images').values(values).returningAll().executeTakeFirstOrThrow(),
        );
      },
      async update(id: number, input: GalleryImageInput, tx: Db = db): Promise<GalleryImage | undefined> {
        const row = await tx
          .updateTable('gallery_images')
          .set(imageRow(input))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row ? toImage(row) : undefined;
      },
    },

    videos: {
      async list(): Promise<Video[]> {
        return (await db.selectFrom('gallery_videos').selectAll().orderBy('id', 'desc').execute()).map(
          toVideo,
        );
      },
      async insert(input: VideoInput, tx: Db = db): Promise<Video> {
        const values = withId(videoRow(input), input.id);
        return toVideo(
          await tx.insertInto('gallery_videos').values(values).returningAll().executeTakeFirstOrThrow(),
        );
      },
      async update(id: number, input: VideoInput, tx: Db = db): Promise<Video | undefined> {
        const row = await tx
          .updateTable('gallery_videos')
          .set(videoRow(input))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row ? toVideo(row) : undefined;
      },
    },

    stories: {
      async list(): Promise<StoredWebStory[]> {
        return (await db.selectFrom('web_stories').selectAll().orderBy('id', 'desc').execute()).map(toStory);
      },
      async get(id: number): Promise<StoredWebStory | undefined> {
        const row = await db.selectFrom('web_stories').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? toStory(row) : undefined;
      },
      async insert(input: WebStoryInput, tx: Db = db): Promise<StoredWebStory> {
        const values = withId(storyRow(input), input.id);
        return toStory(
          await tx.insertInto('web_stories').values(values).returningAll().executeTakeFirstOrThrow(),
        );
      },
      async update(id: number, input: WebStoryInput, tx: Db = db): Promise<StoredWebStory | undefined> {
        const row = await tx
          .updateTable('web_stories')
          .set(storyRow(input))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row ? toStory(row) : undefined;
      },
    },
  };
}
export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
