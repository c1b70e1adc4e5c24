import { errorCodes } from '@hurryup/contracts/errors';
import {
  getPostForAdmin,
  listPosts,
  postAdminCalls,
  postInputSchema,
  postsPage,
  searchPosts,
} from '@hurryup/contracts/post';
import { collapseWhitespace, postPath } from '@hurryup/contracts/post-slug';
import type { PostsPageData } from '@hurryup/web/features/posts/page-data';
import { createAppState } from '../../db/app-state.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCalls, registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { publishedOn } from '../../shared/publishing.ts';
import { registerCall } from '../../shared/register-call.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import { postFeedSummary, postListItem, postView } from './post-views.ts';
import { postMigrations } from './posts.migrations.ts';
import { createPostRepository } from './posts.repository.ts';
import { createPostService } from './posts.service.ts';
import type { PostTables } from './posts.tables.ts';

const noSuchPost = () => new HttpError(404, errorCodes.notFound, 'No post data found.');
const validation = (field: string, message: string, error = message) =>
  new HttpError(400, errorCodes.validation, error, { [field]: message });

/**
 * The user forum's posts: `/api/posts`, `/api/posts/search`, the admin calls, the forum, post and search
 * pages' data, sitemap and feed entries, and `posts/` files.
 */
export const postsFeature = defineFeature({
  name: 'posts',
  migrations: postMigrations,
  async plugin(app, { database, config, site, clock }) {
    const posts = createPostService(
      createPostRepository(tablesOf<PostTables>(database.db), database.dialect),
      createAppState(database.db),
      { clock },
    );
    app.addHook('onReady', () => posts.rebuildIndex());
    site.contentRevision.onChange(() => posts.recheckRevision());

    registerCall(
      app,
      listPosts,
      async ({ query }, _request, reply) => {
        const { postId, title, limit, offset } = query;
        if (postId !== undefined && title !== undefined) {
          throw validation('postId', 'Give postId or title, not both.');
        }
        if (postId !== undefined) return (await posts.get(postId)) ?? Promise.reject(noSuchPost());
        if (title !== undefined) {
          if (title.trim() === '') throw validation('title', 'The title is empty.', 'Invalid post ID');
          return (await posts.getByTitle(title)) ?? Promise.reject(noSuchPost());
        }
        const [list, total] = await Promise.all([
          posts.list({ limit: limit ?? postsPage.defaultLimit, offset: offset ?? 0 }),
          posts.count(),
        ]);
        reply.header('x-total-count', String(total));
        return list;
      },
      { cache: { shows: ['posts'] } },
    );
    registerCall(app, searchPosts, ({ query }) => posts.search(query.q, query.limit), {
      cache: { shows: ['posts'] },
    });

    await registerAdminCrud(
      app,
      config.adminToken,
      postAdminCalls,
      {
        // The console's list: drafts and scheduled posts too.
        list: () => posts.listAll(undefined),
        // Ids come from the database here; only imports may set them.
        create: (input) => posts.create({ ...input, id: undefined }),
        update: (id, input) => posts.update(id, { ...input, id: undefined }),
        delete: (id) => posts.delete(id),
      },
      'posts',
    );
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(
        admin,
        getPostForAdmin,
        async ({ params }) =>
          (await posts.getAny(params.id)) ?? Promise.reject(notFoundById('post', params.id)),
      );
    });
    // A scheduled post appears by itself at its time: every cached page or answer showing posts expires then.
    site.contentRevision.addSchedule('posts', () => posts.nextPublishTime());

    site.providePageData('posts', {
      list: async (page) => (await posts.list(page)).map(postListItem),
      count: () => posts.count(),
      getByTitle: async (title) => {
        const post = await posts.getByTitle(title);
        return post && postView(post);
      },
      search: (query, limit) => posts.search(query, limit),
    } satisfies PostsPageData);
    site.addSitemapSource(async () =>
      (await posts.list()).map((p) => ({ path: postPath(p.title), lastmod: publishedOn(p) })),
    );
    site.addFeedSource(async (limit) =>
      (await posts.list({ limit, offset: 0 })).map((p) => ({
        title: p.title,
        path: postPath(p.title),
        date: publishedOn(p),
        description: postFeedSummary(p),
        author: p.author ?? 'Anonymous',
      })),
    );
    site.addContentKind({
      path: 'posts',
      schema: postInputSchema,
      uniqueKeys: [
        { field: 'title', keyOf: (p) => collapseWhitespace(p.title) },
        { field: 'id', keyOf: (p) => p.id },
      ],
      check: (tx, items) => posts.checkImport(tx, items),
      upsert: (tx, post) => posts.upsertInTransaction(tx, post),
      finish: (tx) => posts.finishImport(tx),
      committed: () => posts.invalidateIndex(),
      isEmpty: async () => (await posts.countAll()) === 0,
      revisionKind: 'posts',
    });
  },
});
