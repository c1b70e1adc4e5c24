import type { DevbitAdminImage, DevbitGallery, DevbitImageInput } from '@hurryup/contracts/devbit';
import type { Kysely } from 'kysely';
import { notFoundById, uniqueUrlGuard } from '../../shared/unique-key.ts';
import type { DevbitRepository } from './devbit.repository.ts';
import type { DevbitTables } from './devbit.tables.ts';

/** Groups images by category, categories A to Z and images by id, as GET /api/imgsDev answers. */
export function groupByCategory(images: DevbitAdminImage[]): DevbitGallery {
  const gallery: DevbitGallery = {};
  for (const { category, ...image } of images) {
    gallery[category] ??= [];
    gallery[category].push(image);
  }
  return gallery;
}

export function createDevbitService(repository: DevbitRepository, onChange: () => void) {
  const withUniqueUrl = uniqueUrlGuard('DevBit image', async (url) => (await repository.findByUrl(url))?.id);
  return {
    gallery: async (): Promise<DevbitGallery> => groupByCategory(await repository.list()),
    list: () => repository.list(),
    count: () => repository.count(),
    findByUrl: (url: string) => repository.findByUrl(url),

    create: (input: DevbitImageInput): Promise<DevbitAdminImage> =>
      withUniqueUrl(input.url, undefined, async () => {
        const image = await repository.insert({ ...input, id: undefined });
        onChange();
        return image;
      }),

    update: (id: number, input: DevbitImageInput): Promise<DevbitAdminImage> =>
      withUniqueUrl(input.url, id, async () => {
        const image = await repository.update(id, { ...input, id: undefined });
        if (!image) throw notFoundById('DevBit image', id);
        onChange();
        return image;
      }),

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFoundById('DevBit image', id);
      onChange();
    },

    /** Imports match an image by id when the file gives one, else by URL. */
    async upsertInTransaction(
      tx: Kysely<DevbitTables>,
      input: DevbitImageInput,
    ): Promise<'created' | 'updated'> {
      const existing =
        (input.id ? await repository.get(input.id, tx) : undefined) ??
        (await repository.findByUrl(input.url, tx));
      if (existing) {
        await repository.update(existing.id, input, tx);
        return 'updated';
      }
      await repository.insert(input, tx);
      return 'created';
    },
  };
}
export type DevbitService = ReturnType<typeof createDevbitService>;
