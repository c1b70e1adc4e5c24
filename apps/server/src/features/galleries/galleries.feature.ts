import { errorCodes } from '@hurryup/contracts/errors';
import {
  galleryImageAdminCalls,
  galleryImageInputSchema,
  listImages,
  listVideos,
  listWebStories,
  videoAdminCalls,
  videoInputSchema,
  type WebStory,
  webStoryAdminCalls,
  webStoryInputSchema,
} from '@hurryup/contracts/gallery';
import {
  defaultWebStoryThumbnail,
  imagePagePath,
  webStoryPageSize,
  webStoryPath,
  webStoryPlayerPath,
  webStoryThumbnailSize,
} from '@hurryup/contracts/gallery-pages';
import { maxInt32 } from '@hurryup/contracts/text';
import type { GalleriesPageData } from '@hurryup/web/features/galleries/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { registerCall } from '../../shared/register-call.ts';
import { sendError } from '../../shared/send-error.ts';
import type { SiteImage } from '../../shared/site-registry.ts';
import { galleryMigrations } from './galleries.migrations.ts';
import { createGalleryRepository, type GalleryTable, type StoredWebStory } from './galleries.repository.ts';
import { createGalleryService } from './galleries.service.ts';
import type { GalleryTables } from './galleries.tables.ts';
import { webStoryPlayerHtml } from './web-story-player.ts';

// The kind of content each table holds, as pages and answers name it (`shows`).
const kindOfTable: Record<GalleryTable, string> = {
  gallery_images: 'gallery',
  gallery_videos: 'videos',
  web_stories: 'webstories',
};

const noSuchStory = () => new HttpError(404, errorCodes.notFound, 'There is no web story with this id.');

/**
 * The image gallery, the video gallery and web stories: `/api/images`, `/api/videos`, `/api/webstories`,
 * their admin calls, the /infopic, /webstories and /webstory pages' data, the story player
 * (/webstory/:id/play), sitemap entries, pictures and the `gallery/*.json` content kinds.
 */
export const galleriesFeature = defineFeature({
  name: 'galleries',
  migrations: galleryMigrations,
  async plugin(app, { database, config, site, clock }) {
    const galleries = createGalleryService(
      createGalleryRepository(tablesOf<GalleryTables>(database.db), database.dialect, clock),
      (table) => site.contentChanged([kindOfTable[table]]),
    );
    const withEmbedUrl = (story: StoredWebStory): WebStory => ({
      ...story,
      embedUrl: `${config.publicBaseUrl}${webStoryPlayerPath(story.id)}`,
    });
    const stories = async () => (await galleries.stories.list()).map(withEmbedUrl);
    const story = async (id: number) => {
      // Ids are 32-bit columns: a larger number names no story (PostgreSQL would refuse it with an error).
      if (!Number.isInteger(id) || id < 1 || id > maxInt32) return undefined;
      const found = await galleries.stories.get(id);
      return found ? withEmbedUrl(found) : undefined;
    };

    registerCall(app, listImages, () => galleries.images.list(), { cache: { shows: ['gallery'] } });
    registerCall(app, listVideos, () => galleries.videos.list(), { cache: { shows: ['videos'] } });
    registerCall(
      app,
      listWebStories,
      async ({ query }) =>
        query.id === undefined ? stories() : ((await story(query.id)) ?? Promise.reject(noSuchStory())),
      { cache: { shows: ['webstories'] } },
    );
    await registerAdminCrud(app, config.adminToken, galleryImageAdminCalls, galleries.images, 'gallery');
    await registerAdminCrud(
      app,
      config.adminToken,
      videoAdminCalls,
      {
        list: () => galleries.videos.list(),
        create: (input) => galleries.videos.create({ ...input, id: undefined }),
        update: (id, input) => galleries.videos.update(id, { ...input, id: undefined }),
        delete: (id) => galleries.videos.delete(id),
      },
      'videos',
    );
    await registerAdminCrud(
      app,
      config.adminToken,
      webStoryAdminCalls,
      {
        list: stories,
        create: async (input) => withEmbedUrl(await galleries.stories.create({ ...input, id: undefined })),
        update: async (id, input) =>
          withEmbedUrl(await galleries.stories.update(id, { ...input, id: undefined })),
        delete: (id) => galleries.stories.delete(id),
      },
      'webstories',
    );

    // The player is a small document of its own (no site shell), for the story page's iframe.
    app.get('/webstory/:id/play', { schema: { hide: true } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      const found = /^[1-9][0-9]{0,9}$/.test(id) ? await story(Number(id)) : undefined;
      if (!found)
        return sendError(reply, 404, {
          error: 'There is no web story with this id.',
          code: errorCodes.notFound,
        });
      const nonce = (reply as { cspNonce?: { script: string; style: string } }).cspNonce;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(webStoryPlayerHtml(found, { nonce, siteName: config.siteName, baseUrl: config.publicBaseUrl }));
    });

    site.providePageData('galleries', {
      images: () => galleries.images.list(),
      videos: () => galleries.videos.list(),
      stories,
      story,
      image: (url) => galleries.images.findByUrl(url),
    } satisfies GalleriesPageData);

    site.addSitemapSource(async () => {
      const today = clock.date().toISOString().slice(0, 10);
      return [
        ...(await galleries.images.list()).map((image) => ({
          path: imagePagePath(image.url),
          lastmod: today,
        })),
        ...(await galleries.stories.list()).map((s) => ({ path: webStoryPath(s.id), lastmod: today })),
      ];
    });

    const pictureOf = (
      image: { url: string; alt: string; width: number; height: number },
      page?: string,
    ): SiteImage => ({
      url: image.url,
      alt: image.alt,
      width: image.width,
      height: image.height,
      pagePath: page,
    });
    site.addImageSource({
      async list() {
        const [images, videos, all] = await Promise.all([
          galleries.images.list(),
          galleries.videos.list(),
          galleries.stories.list(),
        ]);
        return [
          ...images.map((image) => pictureOf(image, imagePagePath(image.url))),
          ...videos.map((video) => pictureOf({ ...video, url: video.imageUrl, alt: video.title })),
          pictureOf({ url: defaultWebStoryThumbnail, alt: 'Web story', ...webStoryThumbnailSize }),
          ...all.flatMap((s) => [
            ...(s.thumbnailUrl
              ? [pictureOf({ url: s.thumbnailUrl, alt: s.title, ...webStoryThumbnailSize })]
              : []),
            ...s.pages.map((page) => pictureOf({ url: page.image, alt: page.alt, ...webStoryPageSize })),
          ]),
        ];
      },
      async find(url) {
        const image = await galleries.images.findByUrl(url);
        return image ? { ...pictureOf(image), pagePath: imagePagePath(image.url) } : undefined;
      },
    });

    const committed = (table: GalleryTable) => () => site.contentChanged([kindOfTable[table]]);
    site.addContentKind({
      path: 'gallery/images.json',
      schema: galleryImageInputSchema,
      uniqueKeys: [
        { field: 'url', keyOf: (image) => image.url },
        { field: 'id', keyOf: (image) => image.id },
      ],
      upsert: (tx, image) => galleries.images.upsertInTransaction(tablesOf<GalleryTables>(tx), image),
      finish: (tx) => galleries.syncIdSequence('gallery_images', tablesOf<GalleryTables>(tx)),
      committed: committed('gallery_images'),
      isEmpty: () => galleries.isEmpty('gallery_images'),
      revisionKind: kindOfTable.gallery_images,
    });
    site.addContentKind({
      path: 'gallery/videos.json',
      schema: videoInputSchema,
      uniqueKeys: [{ field: 'id', keyOf: (video) => video.id }],
      upsert: (tx, video) => galleries.videos.upsertInTransaction(tablesOf<GalleryTables>(tx), video),
      finish: (tx) => galleries.syncIdSequence('gallery_videos', tablesOf<GalleryTables>(tx)),
      committed: committed('gallery_videos'),
      isEmpty: () => galleries.isEmpty('gallery_videos'),
      revisionKind: kindOfTable.gallery_videos,
    });
    site.addContentKind({
      path: 'gallery/webstories.json',
      schema: webStoryInputSchema,
      uniqueKeys: [{ field: 'id', keyOf: (s) => s.id }],
      upsert: (tx, s) => galleries.stories.upsertInTransaction(tablesOf<GalleryTables>(tx), s),
      finish: (tx) => galleries.syncIdSequence('web_stories', tablesOf<GalleryTables>(tx)),
      committed: committed('web_stories'),
      isEmpty: () => galleries.isEmpty('web_stories'),
      revisionKind: kindOfTable.web_stories,
    });
  },
});
