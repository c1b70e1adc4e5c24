import type { GalleryImageInput, VideoInput, WebStoryInput } from '@hurryup/contracts/gallery';
import type { Kysely } from 'kysely';
import { notFoundById, uniqueUrlGuard } from '../../shared/unique-key.ts';
import type { GalleryRepository, GalleryTable } from './galleries.repository.ts';
import type { GalleryTables } from './galleries.tables.ts';

type Tx = Kysely<GalleryTables>;

const tableOfNoun: Record<string, GalleryTable> = {
  'gallery image': 'gallery_images',
  video: 'gallery_videos',
  'web story': 'web_stories',
};

/**
 * The image gallery, the video gallery and the web stories. Every write calls `onChange` with the table it
 * wrote, so pages that show them (and image copies) follow at once.
 */
export function createGalleryService(repository: GalleryRepository, onChange: (table: GalleryTable) => void) {
  const { images, videos, stories } = repository;
  const withUniqueUrl = uniqueUrlGuard('gallery image', async (url) => (await images.findByUrl(url))?.id);

  async function changed<T>(write: Promise<T | undefined>, noun: string, id: number): Promise<T> {
    const result = await write;
    if (result === undefined) throw notFoundById(noun, id);
    onChange(tableOfNoun[noun]!);
    return result;
  }
  const deleter = (table: GalleryTable, noun: string) => async (id: number) => {
    if (!(await repository.remove(table, id))) throw notFoundById(noun, id);
    onChange(table);
  };

  return {
    images: {
      list: () => images.list(),
      findByUrl: (url: string) => images.findByUrl(url),
      create: (input: GalleryImageInput) =>
        withUniqueUrl(input.url, undefined, () =>
          changed(images.insert({ ...input, id: undefined }), 'gallery image', 0),
        ),
      update: (id: number, input: GalleryImageInput) =>
        withUniqueUrl(input.url, id, () => changed(images.update(id, input), 'gallery image', id)),
      delete: deleter('gallery_images', 'gallery image'),
      /** Imports match an image by its id when the file gives one, else by URL. */
      async upsertInTransaction(tx: Tx, input: GalleryImageInput): Promise<'created' | 'updated'> {
        const target =
          input.id !== undefined && (await repository.exists('gallery_images', input.id, tx))
            ? input.id
            : (await images.findByUrl(input.url, tx))?.id;
        if (target === undefined) {
          await images.insert(input, tx);
          return 'created';
        }
        await images.update(target, input, tx);
        return 'updated';
      },
    },

    videos: {
      list: () => videos.list(),
      create: async (input: VideoInput) => {
        const video = await videos.insert({ ...input, id: undefined });
        onChange('gallery_videos');
        return video;
      },
      update: (id: number, input: VideoInput) => changed(videos.update(id, input), 'video', id),
      delete: deleter('gallery_videos', 'video'),
      async upsertInTransaction(tx: Tx, input: VideoInput): Promise<'created' | 'updated'> {
        if (input.id !== undefined && (await repository.exists('gallery_videos', input.id, tx))) {
          await videos.update(input.id, input, tx);
          return 'updated';
        }
        await videos.insert(input, tx);
        return 'created';
      },
    },

    stories: {
      list: () => stories.list(),
      get: (id: number) => stories.get(id),
      create: async (input: WebStoryInput) => {
        const story = await stories.insert({ ...input, id: undefined });
        onChange('web_stories');
        return story;
      },
      update: (id: number, input: WebStoryInput) => changed(stories.update(id, input), 'web story', id),
      delete: deleter('web_stories', 'web story'),
      async upsertInTransaction(tx: Tx, input: WebStoryInput): Promise<'created' | 'updated'> {
        if (input.id !== undefined && (await repository.exists('web_stories', input.id, tx))) {
          await stories.update(input.id, input, tx);
          return 'updated';
        }
        await stories.insert(input, tx);
        return 'created';
      },
    },

    isEmpty: async (table: GalleryTable) => (await repository.count(table)) === 0,
    syncIdSequence: (table: GalleryTable, tx: Tx) => repository.syncIdSequence(table, tx),
  };
}
export type GalleryService = ReturnType<typeof createGalleryService>;
