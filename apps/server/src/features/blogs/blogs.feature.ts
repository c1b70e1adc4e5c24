import { blogAdminCalls, blogInputSchema, listBlogs } from '@hurryup/contracts/blog';
import { collapseWhitespace } from '@hurryup/contracts/post-slug';
import type { BlogPageData } from '@hurryup/web/features/blogs/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { blogMigrations } from './blogs.migrations.ts';
import { createBlogRepository } from './blogs.repository.ts';
import { createBlogService } from './blogs.service.ts';
import type { BlogTables } from './blogs.tables.ts';

/** The blog: `/api/blogs`, the admin calls, the blog page's data, its sitemap and feed entries, `blogs/` files. */
export const blogsFeature = defineFeature({
  name: 'blogs',
  migrations: blogMigrations,
  async plugin(app, { database, config, site }) {
    const blogs = createBlogService(createBlogRepository(tablesOf<BlogTables>(database.db)));

    registerCall(app, listBlogs, () => blogs.list(), { cache: { shows: ['blogs'] } });
    await registerAdminCrud(app, config.adminToken, blogAdminCalls, blogs, 'blogs');

    site.providePageData('blogs', { list: () => blogs.list() } satisfies BlogPageData);
    const entryPath = (id: number) => `/blog?entry=${id}`;
    site.addSitemapSource(async () =>
      (await blogs.list()).map((b) => ({ path: entryPath(b.id), lastmod: b.createdAt })),
    );
    site.addFeedSource(async (limit) =>
      (await blogs.list())
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .slice(0, limit)
        .map((b) => ({
          title: b.title,
          path: entryPath(b.id),
          date: b.createdAt,
          description: b.content.replace(/\s+/g, ' ').slice(0, 300),
          author: b.author,
        })),
    );
    site.addContentKind({
      path: 'blogs',
      schema: blogInputSchema,
      uniqueKeys: [{ field: 'title', keyOf: (b) => collapseWhitespace(b.title) }],
      upsert: (tx, blog) => blogs.upsertInTransaction(tablesOf<BlogTables>(tx), blog),
      isEmpty: async () => (await blogs.count()) === 0,
      revisionKind: 'blogs',
    });
  },
});
