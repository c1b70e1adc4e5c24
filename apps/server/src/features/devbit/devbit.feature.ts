import {
  devbitAdminCalls,
  devbitImageInputSchema,
  devbitItemsOf,
  listDevbitImages,
  listDevbitImagesFlat,
} from '@hurryup/contracts/devbit';
import { devbitImagePath } from '@hurryup/contracts/gallery-pages';
import type { DevbitPageData } from '@hurryup/web/features/devbit/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { devbitMigrations } from './devbit.migrations.ts';
import { createDevbitRepository } from './devbit.repository.ts';
import { createDevbitService } from './devbit.service.ts';
import type { DevbitTables } from './devbit.tables.ts';

/**
 * The DevBit gallery of developer tips: `/api/imgsDev`, the admin calls, the /devbit pages' data, its
 * sitemap entries, its pictures (for comments and image copies) and `gallery/devbit.json`.
 */
export const devbitFeature = defineFeature({
  name: 'devbit',
  migrations: devbitMigrations,
  async plugin(app, { database, config, site }) {
    const repository = createDevbitRepository(tablesOf<DevbitTables>(database.db), database.dialect);
    const devbit = createDevbitService(repository, () => site.contentChanged(['devbit']));

    registerCall(app, listDevbitImages, () => devbit.gallery(), { cache: { shows: ['devbit'] } });
    registerCall(app, listDevbitImagesFlat, async () => (await devbit.list()).sort((a, b) => a.id - b.id), {
      cache: { shows: ['devbit'] },
    });
    await registerAdminCrud(app, config.adminToken, devbitAdminCalls, devbit, 'devbit');

    site.providePageData('devbit', {
      gallery: () => devbit.gallery(),
      find: (url) => devbit.findByUrl(url),
    } satisfies DevbitPageData);
    // '/devbit/:imageUrl?' is one route with an optional segment, so the gallery page itself is listed here.
    site.addSitemapSource(async () => {
      const rows = await repository.sitemapRows();
      // ISO timestamps sort as text.
      const newest = rows
        .map((row) => row.updatedAt)
        .sort()
        .at(-1);
      return [
        ...(newest ? [{ path: '/devbit', lastmod: newest }] : []),
        ...rows.map((row) => ({ path: devbitImagePath(row.url), lastmod: row.updatedAt })),
      ];
    });
    const asSiteImage = (image: { url: string; alt: string; width: number; height: number }) => ({
      url: image.url,
      alt: image.alt,
      width: image.width,
      height: image.height,
      pagePath: devbitImagePath(image.url),
    });
    site.addImageSource({
      list: async () => (await devbit.list()).map(asSiteImage),
      find: async (url) => {
        const image = await devbit.findByUrl(url);
        return image ? asSiteImage(image) : undefined;
      },
    });
    site.addContentKind({
      path: 'gallery/devbit.json',
      itemsOf: devbitItemsOf,
      schema: devbitImageInputSchema,
      uniqueKeys: [
        { field: 'url', keyOf: (image) => image.url },
        { field: 'id', keyOf: (image) => image.id },
      ],
      upsert: (tx, image) => devbit.upsertInTransaction(tablesOf<DevbitTables>(tx), image),
      finish: (tx) => repository.syncIdSequence(tablesOf<DevbitTables>(tx)),
      committed: () => site.contentChanged(['devbit']),
      isEmpty: async () => (await devbit.count()) === 0,
      revisionKind: 'devbit',
    });
  },
});
